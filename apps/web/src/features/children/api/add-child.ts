import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddChildInput, Child } from '@shared/api';
import { api } from '@/lib/api-client';
import { PRIVATE_KEY } from '@/lib/current-user';

/** POST /api/users/children {child:{firstName,lastName,birthdate}, profileId} → 201 child. */
export const addChild = (input: AddChildInput) => api<Child>('/users/children', { method: 'POST', body: input });

export function useAddChild() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addChild,
    // Waits for the profiles to refetch, so a list that shows the new child has it once the mutation settles.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [PRIVATE_KEY, 'profiles'] }),
  });
}
