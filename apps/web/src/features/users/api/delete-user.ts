import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';
import { userProfilesKeys } from './get-user-profiles';

/** DELETE /api/users/{userId}: one's own user (or any, for an admin). */
export const deleteUser = (id: string) => api<{ ok: true }>(`/users/${id}`, { method: 'DELETE' });

export const useDeleteUser = () => useMutation({ mutationFn: deleteUser });

/**
 * An admin deletes another user (users page): the admin's lists are fetched again (the user leaves the search and
 * the latest logins), except the deleted user's own families, which would answer 404 now.
 */
export function useAdminDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: (_data, id) => {
      const gone = userProfilesKeys.of(id);
      return queryClient.invalidateQueries({
        queryKey: queryRoots.private,
        predicate: (query) => !gone.every((part, i) => query.queryKey[i] === part),
      });
    },
  });
}
