import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { inviteKeys } from './keys';

/** DELETE /api/invites/{id}: the sender withdraws a pending invite. */
export const deleteInvite = (id: string) => api<{ ok: true }>(`/invites/${id}`, { method: 'DELETE' });

export function useDeleteInvite() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteInvite, onSuccess: () => queryClient.invalidateQueries({ queryKey: inviteKeys.all }) });
}
