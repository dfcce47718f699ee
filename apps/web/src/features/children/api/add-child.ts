import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddChildInput, Child } from '@shared/api';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/** POST /api/users/children {child:{firstName,lastName,birthdate}, profileId} → 201 child. */
export const addChild = (input: AddChildInput) => api<Child>('/users/children', { method: 'POST', body: input });

export function useAddChild() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addChild,
    // Waits for the family data to refetch, so a list that shows the new child has it once the mutation settles.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryRoots.family }),
  });
}
