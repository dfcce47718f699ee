import { useQuery } from '@tanstack/react-query';
import type { CourseHealthNotes, ParticipantHealthNote } from '@shared/api';
import { api } from '@/lib/api-client';
import { PRIVATE_KEY } from '@/lib/current-user';

/** Each fetch is a logged reading of a health note: nothing is kept in the cache after it is closed. */
const healthNoteKeys = {
  ofParticipant: (courseId: string, childId: string) => [PRIVATE_KEY, 'participants', courseId, 'health-note', childId] as const,
  ofCourse: (courseId: string) => [PRIVATE_KEY, 'participants', courseId, 'health-notes'] as const,
};

/** GET /api/courses/:id/participants/:childId/health-note: the note behind the mark (the reading is logged). */
export const getParticipantHealthNote = (courseId: string, childId: string, signal?: AbortSignal) =>
  api<ParticipantHealthNote>(`/courses/${encodeURIComponent(courseId)}/participants/${encodeURIComponent(childId)}/health-note`, { signal });

export const useParticipantHealthNote = (courseId: string, childId: string, open: boolean) =>
  useQuery({
    queryKey: healthNoteKeys.ofParticipant(courseId, childId),
    queryFn: ({ signal }) => getParticipantHealthNote(courseId, childId, signal),
    enabled: open,
    gcTime: 0,
    staleTime: Infinity,
  });

/** GET /api/courses/:id/health-notes: every note, for one print with 'Ta med helseopplysninger' (logged). */
export const getCourseHealthNotes = (courseId: string, signal?: AbortSignal) =>
  api<CourseHealthNotes>(`/courses/${encodeURIComponent(courseId)}/health-notes`, { signal });

export const useCourseHealthNotes = (courseId: string, wanted: boolean) =>
  useQuery({
    queryKey: healthNoteKeys.ofCourse(courseId),
    queryFn: ({ signal }) => getCourseHealthNotes(courseId, signal),
    enabled: wanted,
    gcTime: 0,
    staleTime: Infinity,
  });
