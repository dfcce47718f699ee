import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Course } from '@shared/api';
import { courseWindow } from '@shared/course-window';
import { api, type Read } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

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
