import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Course } from '@shared/api';
import { api } from '@/lib/api-client';
import { PRIVATE_KEY } from '@/lib/current-user';

/** GET /api/users/instructors/:id/courses: the instructor's courses that have not ended, with participant names. */
export const getInstructorCourses = (instructorId: string, signal?: AbortSignal) =>
  api<Course[]>(`/users/instructors/${encodeURIComponent(instructorId)}/courses`, { signal });

export const instructorCoursesKeys = { byInstructor: (id: string) => [PRIVATE_KEY, 'instructor-courses', id] as const };

export const instructorCoursesQueryOptions = (instructorId: string) =>
  queryOptions({ queryKey: instructorCoursesKeys.byInstructor(instructorId), queryFn: ({ signal }) => getInstructorCourses(instructorId, signal) });

export const useInstructorCourses = (instructorId: string | undefined) =>
  useQuery({ ...instructorCoursesQueryOptions(instructorId ?? ''), enabled: !!instructorId });
