import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Invite, InviteAnswerInput, InviteAnswerResult, InviteInput, InviteLink } from '@shared/api/invites';
import { api } from '@/lib/api-client';
import { queryRoots, useRefreshingMutation } from '@/lib/query-keys';

/** PATCH /api/invites/{id} {status, secret}: the invitee answers; accepting joins the family or awaits the owner. */
export const answerInvite = ({ id, ...body }: InviteAnswerInput & { id: string }) =>
  api<InviteAnswerResult>(`/invites/${id}`, { method: 'PATCH', body });

// Accepting adds a profile: the user, their profiles and the invites all change.
export const useAnswerInvite = () => useRefreshingMutation(answerInvite, [queryRoots.private]);

/** POST /api/invites/{id}/confirm: the owner lets the person who opened the link join the family. */
// A guardian joins: the profile and the invites change.
export const useConfirmInvite = () =>
  useRefreshingMutation((id: string) => api<Invite>(`/invites/${id}/confirm`, { method: 'POST' }), [queryRoots.private]);

/** Query keys of the invites (every invite change invalidates `all`). */
export const inviteKeys = {
  all: [...queryRoots.private, 'invites'] as const,
  pending: (userId: string) => [...inviteKeys.all, 'pending', userId] as const,
  profile: (profileId: string) => [...inviteKeys.all, 'profile', profileId] as const,
  /** The invite behind the e-mailed link (the secret itself stays out of the key). */
  link: () => [...inviteKeys.all, 'link'] as const,
};

/** DELETE /api/invites/{id}: the sender withdraws a pending invite. */
export const useDeleteInvite = () =>
  useRefreshingMutation((id: string) => api<{ ok: true }>(`/invites/${id}`, { method: 'DELETE' }), [inviteKeys.all]);

/** POST /api/invites/link {secret}: the invite behind the e-mailed link (the secret goes in the body, never a URL). */
export const useInviteLink = (secret: string | null) =>
  useQuery({
    queryKey: inviteKeys.link(),
    queryFn: ({ signal }) => api<InviteLink>('/invites/link', { method: 'POST', body: { secret: secret ?? '' }, signal }),
    retry: false,
    enabled: !!secret,
  });

/** GET /api/invites/user/{id}/pending: invites to the user's e-mail address waiting for an answer. */
export const pendingInvitesQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: inviteKeys.pending(userId),
    queryFn: ({ signal }) => api<Invite[]>(`/invites/user/${userId}/pending`, { signal }),
  });

export const usePendingInvites = (userId: string | undefined) =>
  useQuery({ ...pendingInvitesQueryOptions(userId ?? ''), enabled: !!userId });

/** GET /api/invites/profile/{id}: the profile's invites (pending, accepted, rejected). */
export const profileInvitesQueryOptions = (profileId: string) =>
  queryOptions({
    queryKey: inviteKeys.profile(profileId),
    queryFn: ({ signal }) => api<Invite[]>(`/invites/profile/${profileId}`, { signal }),
  });

export const useProfileInvites = (profileId: string | undefined) =>
  useQuery({ ...profileInvitesQueryOptions(profileId ?? ''), enabled: !!profileId });

/** POST /api/invites {profileId, email} → 201 invite; 409 ALREADY_INVITED; 429 when sending too many. */
export const useSendInvite = () =>
  useRefreshingMutation((input: InviteInput) => api<Invite>('/invites', { method: 'POST', body: input }), [inviteKeys.all]);

/** POST /api/invites/{id}/undo: the owner undoes an accepted invite; the person who joined leaves the family. */
export const useUndoInvite = () =>
  useRefreshingMutation((id: string) => api<Invite>(`/invites/${id}/undo`, { method: 'POST' }), [queryRoots.private]);
