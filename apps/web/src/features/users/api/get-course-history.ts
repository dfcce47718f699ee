import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CourseHistoryItem } from '@shared/api/users';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

export const courseHistoryKeys = {
  all: queryRoots.courseHistory,
  of: (childIds: readonly string[]) => [...courseHistoryKeys.all, [...childIds].sort().join(',')] as const,
};

/** GET /api/users/courses?cIds=a,b: each child's courses with status (Påmeldt/Pågår/Fullført) and free places. */
export const getCourseHistory = (childIds: readonly string[], signal?: AbortSignal) =>
  api<CourseHistoryItem[]>('/users/courses', { query: { cIds: childIds.join(',') }, signal });

export const courseHistoryQueryOptions = (childIds: readonly string[]) =>
  queryOptions({
    queryKey: courseHistoryKeys.of(childIds),
    queryFn: ({ signal }) => getCourseHistory(childIds, signal),
    enabled: childIds.length > 0,
  });

export const useCourseHistory = (childIds: readonly string[]) => useQuery(courseHistoryQueryOptions(childIds));
