import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Invite } from '@shared/api/family';
import { api } from '@/lib/api-client';
import { PRIVATE_KEY } from '@/lib/current-user';

/** PATCH /api/invites/{id} {status: 'accepted' | 'rejected'}: the invitee answers. */
export const answerInvite = ({ id, status }: { id: string; status: 'accepted' | 'rejected' }) =>
  api<Invite>(`/invites/${id}`, { method: 'PATCH', body: { status } });

export function useAnswerInvite() {
  const queryClient = useQueryClient();
  // Accepting adds a profile: the user, their profiles and the invites all change.
  return useMutation({ mutationFn: answerInvite, onSuccess: () => queryClient.invalidateQueries({ queryKey: [PRIVATE_KEY] }) });
}
