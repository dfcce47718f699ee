import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InviteLink } from '@shared/api/invites';
import { api } from '@/lib/api-client';
import { inviteKeys } from './keys';

/** POST /api/invites/link {secret}: the invite behind the e-mailed link (the secret goes in the body, never a URL). */
export const getInviteLink = (secret: string, signal?: AbortSignal) =>
  api<InviteLink>('/invites/link', { method: 'POST', body: { secret }, signal });

export const inviteLinkQueryOptions = (secret: string) =>
  queryOptions({ queryKey: inviteKeys.link(), queryFn: ({ signal }) => getInviteLink(secret, signal), retry: false });

export const useInviteLink = (secret: string | null) => useQuery({ ...inviteLinkQueryOptions(secret ?? ''), enabled: !!secret });
