import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Course } from '@shared/api';
import { COURSE_WINDOW_DAYS_AHEAD, COURSE_WINDOW_DAYS_BACK } from '@shared/constants';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

const DAY_MS = 86_400_000;

/** Spec §9: the ordering page shows courses from 21 days back to 183 days ahead (whole days, so the key is stable). */
export function defaultCourseWindow(now = Date.now()) {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  return { startDate: today - COURSE_WINDOW_DAYS_BACK * DAY_MS, endDate: today + (COURSE_WINDOW_DAYS_AHEAD + 1) * DAY_MS - 1 };
}

interface Window {
  startDate: number;
  endDate: number;
}

/** GET /api/places/:id/courses?startDate&endDate (epoch ms). Visitors get public fields only. */
export const getPlaceCourses = (placeId: string, window: Window, signal?: AbortSignal) =>
  api<Course[]>(`/places/${encodeURIComponent(placeId)}/courses`, { query: { ...window }, signal });

export const placeCoursesKeys = {
  /** Every window of one place's courses: invalidate this after a booking or a change. */
  byPlace: (placeId: string) => [...queryRoots.courses, 'by-place', placeId] as const,
  window: (placeId: string, window: Window) => [...placeCoursesKeys.byPlace(placeId), window] as const,
};

export const placeCoursesQueryOptions = (placeId: string, window: Window) =>
  queryOptions({
    queryKey: placeCoursesKeys.window(placeId, window),
    queryFn: ({ signal }) => getPlaceCourses(placeId, window, signal),
  });

export const usePlaceCourses = (placeId: string | undefined, window: Window = defaultCourseWindow()) =>
  useQuery({ ...placeCoursesQueryOptions(placeId ?? '', window), enabled: !!placeId });
