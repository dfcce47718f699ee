import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Invite } from '@shared/api/invites';
import { api } from '@/lib/api-client';
import { inviteKeys } from './keys';

/** GET /api/invites/profile/{id}: the profile's invites (pending, accepted, rejected). */
export const getProfileInvites = (profileId: string, signal?: AbortSignal) =>
  api<Invite[]>(`/invites/profile/${profileId}`, { signal });

export const profileInvitesQueryOptions = (profileId: string) =>
  queryOptions({ queryKey: inviteKeys.profile(profileId), queryFn: ({ signal }) => getProfileInvites(profileId, signal) });

export const useProfileInvites = (profileId: string | undefined) =>
  useQuery({ ...profileInvitesQueryOptions(profileId ?? ''), enabled: !!profileId });
