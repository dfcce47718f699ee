import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AttendanceInput, AttendanceMark, CourseParticipants, ParticipantCandidates } from '@shared/course-admin';
import type { CourseHealthNotes, ParticipantHealthNote } from '@shared/api';
import { api } from '@/lib/api-client';
import { PRIVATE_KEY } from '@/lib/current-user';
import { queryRoots, useRefreshingMutation } from '@/lib/query-keys';

export const participantKeys = {
  all: [PRIVATE_KEY, 'participants'] as const,
  ofCourse: (courseId: string) => [PRIVATE_KEY, 'participants', courseId] as const,
};

/** GET /api/courses/:id/participants: children by first name, guardians' phone and e-mail, attendance so far. */
export const useCourseParticipants = (courseId: string | undefined) =>
  useQuery({
    queryKey: participantKeys.ofCourse(courseId ?? ''),
    queryFn: ({ signal }) =>
      api<CourseParticipants>(`/courses/${encodeURIComponent(courseId ?? '')}/participants`, { signal }),
    enabled: !!courseId,
  });

type Ok = { ok: true };

/** POST /api/courses/:id/participants {id, override}: an admin puts a child on a course. */
export const addParticipant = (courseId: string, childId: string, override: boolean) =>
  api<Ok>(`/courses/${encodeURIComponent(courseId)}/participants`, { method: 'POST', body: { id: childId, override } });

/** DELETE /api/courses/:id/participants/:userId?t=timestamp */
export const removeParticipant = (courseId: string, childId: string) =>
  api<Ok>(`/courses/${encodeURIComponent(courseId)}/participants/${encodeURIComponent(childId)}`, {
    method: 'DELETE',
    query: { t: Date.now() },
  });

/** POST /api/courses/:id/participants/:userId/move {courseId, override}: one transaction on the server. */
export const moveParticipant = (fromCourseId: string, childId: string, toCourseId: string, override: boolean) =>
  api<Ok>(`/courses/${encodeURIComponent(fromCourseId)}/participants/${encodeURIComponent(childId)}/move`, {
    method: 'POST',
    body: { courseId: toCourseId, override },
  });

export type ParticipantChange =
  | { kind: 'add'; courseId: string; childId: string; override: boolean }
  | { kind: 'remove'; courseId: string; childId: string }
  | { kind: 'move'; courseId: string; childId: string; toCourseId: string; override: boolean };

/** Add, remove or move; afterwards every participant list and the course lists refetch. */
export const useChangeParticipants = () =>
  useRefreshingMutation(
    (change: ParticipantChange) =>
      change.kind === 'add'
        ? addParticipant(change.courseId, change.childId, change.override)
        : change.kind === 'remove'
          ? removeParticipant(change.courseId, change.childId)
          : moveParticipant(change.courseId, change.childId, change.toCourseId, change.override),
    [participantKeys.all, queryRoots.places],
    'settled',
  );

/** Each fetch is a logged reading of a health note: nothing is kept in the cache after it is closed. */
const healthNoteKeys = {
  ofParticipant: (courseId: string, childId: string) => [PRIVATE_KEY, 'participants', courseId, 'health-note', childId] as const,
  ofCourse: (courseId: string) => [PRIVATE_KEY, 'participants', courseId, 'health-notes'] as const,
};

/** GET /api/courses/:id/participants/:childId/health-note: the note behind the mark (the reading is logged). */
export const useParticipantHealthNote = (courseId: string, childId: string, open: boolean) =>
  useQuery({
    queryKey: healthNoteKeys.ofParticipant(courseId, childId),
    queryFn: ({ signal }) =>
      api<ParticipantHealthNote>(`/courses/${encodeURIComponent(courseId)}/participants/${encodeURIComponent(childId)}/health-note`, { signal }),
    enabled: open,
    gcTime: 0,
    staleTime: Infinity,
  });

/** GET /api/courses/:id/health-notes: every note, for one print with 'Ta med helseopplysninger' (logged). */
export const useCourseHealthNotes = (courseId: string, wanted: boolean) =>
  useQuery({
    queryKey: healthNoteKeys.ofCourse(courseId),
    queryFn: ({ signal }) => api<CourseHealthNotes>(`/courses/${encodeURIComponent(courseId)}/health-notes`, { signal }),
    enabled: wanted,
    gcTime: 0,
    staleTime: Infinity,
  });

/** POST /api/courses/:id/attendance {marks}: idempotent on the server (one mark per child and date, latest tap wins). */
export const recordAttendance = (courseId: string, marks: AttendanceInput['marks']) =>
  api<{ marks: AttendanceMark[] }>(`/courses/${encodeURIComponent(courseId)}/attendance`, { method: 'POST', body: { marks } });

const candidateKeys = {
  search: (courseId: string, name: string) => [PRIVATE_KEY, 'participant-candidates', courseId, name] as const,
};

/** GET …/participants/candidates?name= (admin), once `name` is long enough; the last answer stays meanwhile. */
export const useCandidates = (courseId: string, name: string, enabled: boolean) =>
  useQuery({
    queryKey: candidateKeys.search(courseId, name),
    queryFn: ({ signal }) =>
      api<ParticipantCandidates>(`/courses/${encodeURIComponent(courseId)}/participants/candidates`, { query: { name }, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
