import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Invite } from '@shared/api/invites';
import { api } from '@/lib/api-client';
import { inviteKeys } from './keys';

/** GET /api/invites/user/{id}/pending: invites to the user's e-mail address waiting for an answer. */
export const getPendingInvites = (userId: string, signal?: AbortSignal) =>
  api<Invite[]>(`/invites/user/${userId}/pending`, { signal });

export const pendingInvitesQueryOptions = (userId: string) =>
  queryOptions({ queryKey: inviteKeys.pending(userId), queryFn: ({ signal }) => getPendingInvites(userId, signal) });

export const usePendingInvites = (userId: string | undefined) =>
  useQuery({ ...pendingInvitesQueryOptions(userId ?? ''), enabled: !!userId });
