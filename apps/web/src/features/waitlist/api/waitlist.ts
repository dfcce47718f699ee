import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  Course,
  CoursePriority,
  CoursePriorityInput,
  CoursePrioritySettings,
  CourseWaitlist,
  MyWaitlistEntry,
  WaitlistOverview,
} from '@shared/api';
import { api } from '@/lib/api-client';
import { queryRoots, useRefreshingMutation } from '@/lib/query-keys';
import { useSignedIn } from '@/lib/use-session';

/** Returning swimmers first (decision 016): which earlier courses a course follows, and when it opens to all. */
export const coursePriorityKeys = {
  all: () => [...queryRoots.private, 'course-priority'] as const,
  course: (courseId: string) => [...coursePriorityKeys.all(), 'course', courseId] as const,
  candidates: (startDate: number, endDate: number) => [...coursePriorityKeys.all(), 'candidates', startDate, endDate] as const,
};

/** GET /api/courses/:id/priority: the marks as they stand and the server's default window in days (admin). */
export const useCoursePriority = (courseId: string | null) =>
  useQuery({
    queryKey: coursePriorityKeys.course(courseId ?? ''),
    queryFn: ({ signal }) =>
      api<CoursePrioritySettings>(`/courses/${encodeURIComponent(courseId ?? '')}/priority`, { signal }),
    enabled: !!courseId,
  });

/** GET /api/courses?startDate&endDate: every course the admin sees in the window, the earlier courses to choose from. */
export const usePriorityCandidates = (window: { startDate: number; endDate: number } | null) => {
  const { startDate = 0, endDate = 0 } = window ?? {};
  return useQuery({
    queryKey: coursePriorityKeys.candidates(startDate, endDate),
    queryFn: ({ signal }) => api<Course[]>('/courses', { query: { startDate, endDate, limit: 1000 }, signal }),
    enabled: !!window,
  });
};

/** PUT /api/courses/:id/priority (an empty list removes it); every course list and the marks are fetched again. */
export const useSetCoursePriority = () =>
  useRefreshingMutation(
    ({ courseId, input }: { courseId: string; input: CoursePriorityInput }) =>
      api<CoursePriority>(`/courses/${encodeURIComponent(courseId)}/priority`, { method: 'PUT', body: input }),
    [queryRoots.courses, coursePriorityKeys.all()],
  );

/** The admin's waitlists: the dashboard's counts and each course's list. */
export const adminWaitlistKeys = {
  all: () => [...queryRoots.private, 'admin-waitlist'] as const,
  overview: () => [...adminWaitlistKeys.all(), 'overview'] as const,
  course: (courseId: string) => [...adminWaitlistKeys.all(), 'course', courseId] as const,
};

/** GET /api/waitlist: waiting children per course (admin). */
export const useWaitlistOverview = () =>
  useQuery({ queryKey: adminWaitlistKeys.overview(), queryFn: ({ signal }) => api<WaitlistOverview>('/waitlist', { signal }) });

/** GET /api/courses/:id/waitlist: the list in order, with who holds an offer and until when (admin). */
export const useCourseWaitlist = (courseId: string | null) =>
  useQuery({
    queryKey: adminWaitlistKeys.course(courseId ?? ''),
    queryFn: ({ signal }) => api<CourseWaitlist>(`/courses/${encodeURIComponent(courseId ?? '')}/waitlist`, { signal }),
    enabled: !!courseId,
  });

type Step = { kind: 'offer' | 'skip'; entryId: string } | { kind: 'close' | 'open'; courseId: string };

/** The admin's steps: POST /waitlist/:id/offer, POST /waitlist/:id/skip, PUT /courses/:id/waitlist {closed}. */
export const waitlistStep = (step: Step) => {
  if ('entryId' in step) return api<CourseWaitlist>(`/waitlist/${encodeURIComponent(step.entryId)}/${step.kind}`, { method: 'POST' });
  return api<CourseWaitlist>(`/courses/${encodeURIComponent(step.courseId)}/waitlist`, { method: 'PUT', body: { closed: step.kind === 'close' } });
};

export const useWaitlistStep = () => useRefreshingMutation(waitlistStep, [adminWaitlistKeys.all()], 'settled');

/** The family's waitlist entries: private (dropped when the session changes). */
export const myWaitlistKeys = { all: () => [...queryRoots.private, 'waitlist'] as const };

/** GET /api/waitlist/mine, refreshed every 30 s; a refresh is a background poll, not the parent's activity. */
export const myWaitlistQueryOptions = () =>
  queryOptions({
    queryKey: myWaitlistKeys.all(),
    queryFn: ({ signal, client, queryKey }) =>
      api<MyWaitlistEntry[]>('/waitlist/mine', { signal, background: client.getQueryData(queryKey) !== undefined }),
    refetchInterval: 30_000,
  });

export function useMyWaitlist() {
  const signedIn = useSignedIn();
  return useQuery({ ...myWaitlistQueryOptions(), enabled: signedIn });
}

/** POST /api/courses/:id/waitlist {childId}: put a child on a full course's waitlist. */
export const joinWaitlist = ({ courseId, childId }: { courseId: string; childId: string }) =>
  api<MyWaitlistEntry>(`/courses/${encodeURIComponent(courseId)}/waitlist`, { method: 'POST', body: { childId } });

export const useJoinWaitlist = () => useRefreshingMutation(joinWaitlist, [myWaitlistKeys.all()], 'settled');

/** DELETE /api/waitlist/:id: take the child off the list (a held offer passes on). */
export const leaveWaitlist = (entryId: string) => api<{ ok: true }>(`/waitlist/${encodeURIComponent(entryId)}`, { method: 'DELETE' });

export const useLeaveWaitlist = () => useRefreshingMutation(leaveWaitlist, [myWaitlistKeys.all()], 'settled');
