import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CourseWaitlist } from '@shared/api';
import { api } from '@/lib/api-client';
import { adminWaitlistKeys } from './get-waitlist-overview';

/** GET /api/courses/:id/waitlist: the list in order, with who holds an offer and until when (admin). */
export const getCourseWaitlist = (courseId: string, signal?: AbortSignal) =>
  api<CourseWaitlist>(`/courses/${encodeURIComponent(courseId)}/waitlist`, { signal });

export const courseWaitlistQueryOptions = (courseId: string) =>
  queryOptions({ queryKey: adminWaitlistKeys.course(courseId), queryFn: ({ signal }) => getCourseWaitlist(courseId, signal) });

export const useCourseWaitlist = (courseId: string | null) =>
  useQuery({ ...courseWaitlistQueryOptions(courseId ?? ''), enabled: !!courseId });

type Step = { kind: 'offer' | 'skip'; entryId: string } | { kind: 'close' | 'open'; courseId: string };

/** The admin's steps: POST /waitlist/:id/offer, POST /waitlist/:id/skip, PUT /courses/:id/waitlist {closed}. */
export const waitlistStep = (step: Step) => {
  if ('entryId' in step) return api<CourseWaitlist>(`/waitlist/${encodeURIComponent(step.entryId)}/${step.kind}`, { method: 'POST' });
  return api<CourseWaitlist>(`/courses/${encodeURIComponent(step.courseId)}/waitlist`, { method: 'PUT', body: { closed: step.kind === 'close' } });
};

export function useWaitlistStep() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: waitlistStep, onSettled: () => queryClient.invalidateQueries({ queryKey: adminWaitlistKeys.all() }) });
}
