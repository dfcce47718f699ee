import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';
import { participantKeys } from './get-course-participants';

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
export function useChangeParticipants() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: ParticipantChange) =>
      change.kind === 'add'
        ? addParticipant(change.courseId, change.childId, change.override)
        : change.kind === 'remove'
          ? removeParticipant(change.courseId, change.childId)
          : moveParticipant(change.courseId, change.childId, change.toCourseId, change.override),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: participantKeys.all }),
        queryClient.invalidateQueries({ queryKey: queryRoots.places }),
      ]);
    },
  });
}
