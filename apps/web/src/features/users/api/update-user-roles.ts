import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdatedPerson } from '@shared/api';
import type { Role } from '@shared/constants';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/** PATCH /api/users/{id} {roles} (admin, spec §7): the user's whole list of roles. */
export const updateUserRoles = ({ userId, roles }: { userId: string; roles: Role[] }) =>
  api<UpdatedPerson>(`/users/${encodeURIComponent(userId)}`, { method: 'PATCH', body: { roles } });

/** Every admin list that shows roles (search, latest logins, profiles, the admin's own user) is fetched again. */
export function useUpdateUserRoles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserRoles,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryRoots.private }),
  });
}
