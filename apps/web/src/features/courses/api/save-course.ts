import { useMutation } from '@tanstack/react-query';
import type { Course, CourseInput } from '@shared/api';
import { api } from '@/lib/api-client';

/** POST /api/courses → 201 the created course. */
export const createCourse = (input: CourseInput) => api<Course>('/courses', { method: 'POST', body: input });
/** PATCH /api/courses/:id?pop=true → the updated course. */
export const updateCourse = (id: string, input: CourseInput) =>
  api<Course>(`/courses/${encodeURIComponent(id)}`, { method: 'PATCH', query: { pop: 'true' }, body: input });

/** Spec §4: saving or creating a course ends with a page reload (the caller reloads on success). */
export const useSaveCourse = () =>
  useMutation({ mutationFn: ({ id, input }: { id?: string; input: CourseInput }) => (id ? updateCourse(id, input) : createCourse(input)) });
