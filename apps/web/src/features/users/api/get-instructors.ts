import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

export interface InstructorListItem {
  id: string;
  name: string;
}

/** GET /api/users/instructors: public list of id and name. */
export const getInstructors = (signal?: AbortSignal) => api<InstructorListItem[]>('/users/instructors', { signal });

export const instructorsKeys = { all: () => [...queryRoots.users, 'instructors'] as const };

export const instructorsQueryOptions = () =>
  queryOptions({ queryKey: instructorsKeys.all(), queryFn: ({ signal }) => getInstructors(signal) });

/** `enabled: false` until needed: the course page asks only for an admin (its course form). */
export const useInstructors = ({ enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...instructorsQueryOptions(), enabled });
