import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Course } from '@shared/api';
import { courseWindow } from '@shared/course-window';
import { api } from '@/lib/api-client';

/** Spec §9: the ordering page shows courses from 21 days back to 183 days ahead (whole days, so the key is stable). */
export const defaultCourseWindow = (now = Date.now()) => courseWindow(now, { wholeDays: true });

interface Window {
  startDate: number;
  endDate: number;
}

/** GET /api/places/:id/courses?startDate&endDate (epoch ms). Visitors get public fields only. */
export const getPlaceCourses = (placeId: string, window: Window, signal?: AbortSignal) =>
  api<Course[]>(`/places/${encodeURIComponent(placeId)}/courses`, { query: { ...window }, signal });

export const placeCoursesQueryOptions = (placeId: string, window: Window) =>
  queryOptions({
    queryKey: ['places', placeId, 'courses', window],
    queryFn: ({ signal }) => getPlaceCourses(placeId, window, signal),
  });

export const usePlaceCourses = (placeId: string | undefined, window: Window = defaultCourseWindow()) =>
  useQuery({ ...placeCoursesQueryOptions(placeId ?? '', window), enabled: !!placeId });
