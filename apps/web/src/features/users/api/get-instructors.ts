import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Read } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

export interface InstructorListItem {
  id: string;
  name: string;
}

export const instructorsKeys = { all: () => [...queryRoots.users, 'instructors'] as const };

/** GET /api/users/instructors: public list of id and name. */
export const instructorsQueryOptions = (read: Read = api) =>
  queryOptions({ queryKey: instructorsKeys.all(), queryFn: ({ signal }) => read<InstructorListItem[]>('/users/instructors', { signal }) });

/** `enabled: false` until needed: the course page asks only for an admin (its course form). */
export const useInstructors = ({ enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...instructorsQueryOptions(), enabled });
