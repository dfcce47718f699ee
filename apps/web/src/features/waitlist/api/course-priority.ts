import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Course, CoursePriority, CoursePriorityInput, CoursePrioritySettings } from '@shared/api';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/** Returning swimmers first (decision 016): which earlier courses a course follows, and when it opens to all. */
export const coursePriorityKeys = {
  all: () => [...queryRoots.private, 'course-priority'] as const,
  course: (courseId: string) => [...coursePriorityKeys.all(), 'course', courseId] as const,
  candidates: (startDate: number, endDate: number) => [...coursePriorityKeys.all(), 'candidates', startDate, endDate] as const,
};

/** GET /api/courses/:id/priority: the marks as they stand and the server's default window in days (admin). */
export const getCoursePriority = (courseId: string, signal?: AbortSignal) =>
  api<CoursePrioritySettings>(`/courses/${encodeURIComponent(courseId)}/priority`, { signal });

export const coursePriorityQueryOptions = (courseId: string) =>
  queryOptions({ queryKey: coursePriorityKeys.course(courseId), queryFn: ({ signal }) => getCoursePriority(courseId, signal) });

export const useCoursePriority = (courseId: string | null) => useQuery({ ...coursePriorityQueryOptions(courseId ?? ''), enabled: !!courseId });

/**
 * GET /api/courses?startDate&endDate: every course the admin sees that runs in the window (epoch ms, whole days so
 * the key is stable): the earlier courses to choose from.
 */
export const getPriorityCandidates = (startDate: number, endDate: number, signal?: AbortSignal) =>
  api<Course[]>('/courses', { query: { startDate, endDate, limit: 1000 }, signal });

export const priorityCandidatesQueryOptions = (startDate: number, endDate: number) =>
  queryOptions({
    queryKey: coursePriorityKeys.candidates(startDate, endDate),
    queryFn: ({ signal }) => getPriorityCandidates(startDate, endDate, signal),
  });

export const usePriorityCandidates = (window: { startDate: number; endDate: number } | null) =>
  useQuery({ ...priorityCandidatesQueryOptions(window?.startDate ?? 0, window?.endDate ?? 0), enabled: !!window });

/** PUT /api/courses/:id/priority: the window opens now and lasts `days`; an empty list removes it. */
export const setCoursePriority = (courseId: string, input: CoursePriorityInput) =>
  api<CoursePriority>(`/courses/${encodeURIComponent(courseId)}/priority`, { method: 'PUT', body: input });

/** Saving changes the course rows ('Åpner for alle …'): every course list is fetched again, and the marks. */
export function useSetCoursePriority() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ courseId, input }: { courseId: string; input: CoursePriorityInput }) => setCoursePriority(courseId, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryRoots.courses }),
        queryClient.invalidateQueries({ queryKey: coursePriorityKeys.all() }),
      ]),
  });
}
