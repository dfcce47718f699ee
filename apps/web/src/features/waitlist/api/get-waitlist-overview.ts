import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WaitlistOverview } from '@shared/api';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/** The admin's waitlists: the dashboard's counts and each course's list. */
export const adminWaitlistKeys = {
  all: () => [...queryRoots.private, 'admin-waitlist'] as const,
  overview: () => [...adminWaitlistKeys.all(), 'overview'] as const,
  course: (courseId: string) => [...adminWaitlistKeys.all(), 'course', courseId] as const,
};

/** GET /api/waitlist: waiting children per course (admin). */
export const getWaitlistOverview = (signal?: AbortSignal) => api<WaitlistOverview>('/waitlist', { signal });

export const waitlistOverviewQueryOptions = () =>
  queryOptions({ queryKey: adminWaitlistKeys.overview(), queryFn: ({ signal }) => getWaitlistOverview(signal) });

export const useWaitlistOverview = () => useQuery(waitlistOverviewQueryOptions());
