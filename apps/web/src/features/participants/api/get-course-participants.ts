import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CourseParticipants } from '@shared/course-admin';
import { api } from '@/lib/api-client';
import { PRIVATE_KEY } from '@/lib/current-user';

/** GET /api/courses/:id/participants: children by first name, guardians' phone and e-mail, attendance so far. */
export const getCourseParticipants = (courseId: string, signal?: AbortSignal) =>
  api<CourseParticipants>(`/courses/${encodeURIComponent(courseId)}/participants`, { signal });

export const participantKeys = {
  all: [PRIVATE_KEY, 'participants'] as const,
  ofCourse: (courseId: string) => [PRIVATE_KEY, 'participants', courseId] as const,
};

export const courseParticipantsQueryOptions = (courseId: string) =>
  queryOptions({ queryKey: participantKeys.ofCourse(courseId), queryFn: ({ signal }) => getCourseParticipants(courseId, signal) });

export const useCourseParticipants = (courseId: string | undefined) =>
  useQuery({ ...courseParticipantsQueryOptions(courseId ?? ''), enabled: !!courseId });
