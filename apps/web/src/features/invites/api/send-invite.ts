import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Invite, InviteInput } from '@shared/api/invites';
import { api } from '@/lib/api-client';
import { inviteKeys } from './keys';

/** POST /api/invites {profileId, email} → 201 invite; 409 ALREADY_INVITED; 429 when sending too many. */
export const sendInvite = (input: InviteInput) => api<Invite>('/invites', { method: 'POST', body: input });

export function useSendInvite() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: sendInvite, onSuccess: () => queryClient.invalidateQueries({ queryKey: inviteKeys.all }) });
}
