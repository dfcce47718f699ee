import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Invite } from '@shared/api/invites';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/** POST /api/invites/{id}/confirm: the owner lets the person who opened the link join the family. */
export const confirmInvite = (id: string) => api<Invite>(`/invites/${id}/confirm`, { method: 'POST' });

export function useConfirmInvite() {
  const queryClient = useQueryClient();
  // A guardian joins: the profile and the invites change.
  return useMutation({ mutationFn: confirmInvite, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryRoots.private }) });
}
