import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** DELETE /api/courses/:id (refused with 409 COURSE_HAS_PARTICIPANTS while children are on it). */
export const deleteCourse = (id: string) => api<{ ok: true }>(`/courses/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** Spec §4: deleting a course ends with a page reload (the caller reloads on success). */
export const useDeleteCourse = () => useMutation({ mutationFn: deleteCourse });
