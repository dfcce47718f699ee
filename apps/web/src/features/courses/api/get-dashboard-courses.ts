import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Course } from '@shared/api';
import { DASHBOARD_LAST_MODIFIED_COURSES_LIMIT } from '@shared/constants';
import { api } from '@/lib/api-client';
import { PRIVATE_KEY } from '@/lib/current-user';

/** GET /api/courses without place and dates: the last modified courses (updatedAt desc). */
export const getLastModifiedCourses = (limit: number, signal?: AbortSignal) =>
  api<Course[]>('/courses', { query: { limit, sortField: 'updatedAt', sortOrder: 'desc' }, signal });

/** GET /api/courses between two instants (epoch ms), with participants (admin). */
export const getCoursesBetween = (start: number, end: number, signal?: AbortSignal) =>
  api<Course[]>('/courses', { query: { startDate: start, endDate: end, populate: 'true' }, signal });

export const dashboardCoursesKeys = {
  all: [PRIVATE_KEY, 'admin', 'dashboard-courses'] as const,
  lastModified: (limit: number) => [...dashboardCoursesKeys.all, 'last-modified', limit] as const,
  between: (start: number, end: number) => [...dashboardCoursesKeys.all, 'between', start, end] as const,
};

export const lastModifiedCoursesQueryOptions = (limit = DASHBOARD_LAST_MODIFIED_COURSES_LIMIT) =>
  queryOptions({ queryKey: dashboardCoursesKeys.lastModified(limit), queryFn: ({ signal }) => getLastModifiedCourses(limit, signal) });

export const coursesBetweenQueryOptions = (start: number, end: number) =>
  queryOptions({ queryKey: dashboardCoursesKeys.between(start, end), queryFn: ({ signal }) => getCoursesBetween(start, end, signal) });

export const useLastModifiedCourses = (limit?: number) => useQuery(lastModifiedCoursesQueryOptions(limit));
export const useCoursesBetween = (start: number, end: number) => useQuery(coursesBetweenQueryOptions(start, end));
