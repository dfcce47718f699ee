import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InviteAnswerInput, InviteAnswerResult } from '@shared/api/invites';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/**
 * PATCH /api/invites/{id} {status, secret}: the invitee answers. Accepting needs the link's secret: it joins the
 * family (`profileId`), or waits for the owner's confirmation (`awaitingOwner`).
 */
export const answerInvite = ({ id, ...body }: InviteAnswerInput & { id: string }) =>
  api<InviteAnswerResult>(`/invites/${id}`, { method: 'PATCH', body });

export function useAnswerInvite() {
  const queryClient = useQueryClient();
  // Accepting adds a profile: the user, their profiles and the invites all change.
  return useMutation({ mutationFn: answerInvite, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryRoots.private }) });
}
