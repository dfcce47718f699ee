import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { Course, CourseInput, Level } from '@shared/api';
import { DASHBOARD_LAST_MODIFIED_COURSES_LIMIT } from '@shared/constants';
import { courseWindow } from '@shared/course-window';
import { api, type Read } from '@/lib/api-client';
import { PRIVATE_KEY } from '@/lib/current-user';
import { queryRoots } from '@/lib/query-keys';

/** DELETE /api/courses/:id (refused with 409 COURSE_HAS_PARTICIPANTS while children are on it). */
export const deleteCourse = (id: string) => api<{ ok: true }>(`/courses/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** Spec §4: deleting a course ends with a page reload (the caller reloads on success). */
export const useDeleteCourse = () => useMutation({ mutationFn: deleteCourse });

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

/** Spec §9: the ordering page shows courses from 21 days back to 183 days ahead (whole days, so the key is stable). */
export const defaultCourseWindow = (now = Date.now()) => courseWindow(now, { wholeDays: true });

interface Window {
  startDate: number;
  endDate: number;
}

export const placeCoursesKeys = {
  /** Every window of one place's courses: invalidate this after a booking or a change. */
  byPlace: (placeId: string) => [...queryRoots.courses, 'by-place', placeId] as const,
  window: (placeId: string, window: Window) => [...placeCoursesKeys.byPlace(placeId), window] as const,
};

/** GET /api/places/:id/courses?startDate&endDate (epoch ms). Visitors get public fields only. */
export const placeCoursesQueryOptions = (placeId: string, window: Window, read: Read = api) =>
  queryOptions({
    queryKey: placeCoursesKeys.window(placeId, window),
    queryFn: ({ signal }) => read<Course[]>(`/places/${encodeURIComponent(placeId)}/courses`, { query: { ...window }, signal }),
  });

export const usePlaceCourses = (placeId: string | undefined, window: Window = defaultCourseWindow()) =>
  useQuery({ ...placeCoursesQueryOptions(placeId ?? '', window), enabled: !!placeId });

/** POST /api/courses → 201 the created course. */
export const createCourse = (input: CourseInput) => api<Course>('/courses', { method: 'POST', body: input });
/** PATCH /api/courses/:id?pop=true → the updated course. */
export const updateCourse = (id: string, input: CourseInput) =>
  api<Course>(`/courses/${encodeURIComponent(id)}`, { method: 'PATCH', query: { pop: 'true' }, body: input });

/** Spec §4: saving or creating a course ends with a page reload (the caller reloads on success). */
export const useSaveCourse = () =>
  useMutation({ mutationFn: ({ id, input }: { id?: string; input: CourseInput }) => (id ? updateCourse(id, input) : createCourse(input)) });

/** GET /api/levels: the ladder's levels in use, for the course form's 'Nivå' (decision 057). */
export const useLevelOptions = () =>
  useQuery({
    queryKey: queryRoots.levels,
    queryFn: ({ signal }) => api<Level[]>('/levels', { signal }),
    select: (levels) => levels.map((l) => ({ value: l._id, label: l.retired ? `${l.name} (ikke i bruk)` : l.name, retired: l.retired })),
  });
