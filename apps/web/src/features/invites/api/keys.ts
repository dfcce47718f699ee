import { queryRoots } from '@/lib/query-keys';

/** Query keys of the invites (every invite change invalidates `all`). */
export const inviteKeys = {
  all: [...queryRoots.private, 'invites'] as const,
  pending: (userId: string) => [...inviteKeys.all, 'pending', userId] as const,
  profile: (profileId: string) => [...inviteKeys.all, 'profile', profileId] as const,
  /** The invite behind the e-mailed link (the secret itself stays out of the key). */
  link: () => [...inviteKeys.all, 'link'] as const,
};
