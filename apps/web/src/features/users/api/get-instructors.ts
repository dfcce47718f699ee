import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface InstructorListItem {
  id: string;
  name: string;
}

/** GET /api/users/instructors: public list of id and name. */
export const getInstructors = (signal?: AbortSignal) => api<InstructorListItem[]>('/users/instructors', { signal });

export const instructorsQueryOptions = () =>
  queryOptions({ queryKey: ['users', 'instructors'], queryFn: ({ signal }) => getInstructors(signal) });

export const useInstructors = () => useQuery(instructorsQueryOptions());
