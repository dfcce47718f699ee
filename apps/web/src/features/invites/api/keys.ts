import { PRIVATE_KEY } from '@/lib/current-user';

/** Query keys of the invites (every invite change invalidates `all`). */
export const inviteKeys = {
  all: [PRIVATE_KEY, 'invites'] as const,
  pending: (userId: string) => [...inviteKeys.all, 'pending', userId] as const,
  profile: (profileId: string) => [...inviteKeys.all, 'profile', profileId] as const,
};
