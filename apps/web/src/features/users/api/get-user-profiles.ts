import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '@shared/api';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/** GET /api/profiles?pId={userId} (spec §7): every family of a guardian; an admin asks for anyone's. */
export const getUserProfiles = (userId: string, signal?: AbortSignal) => api<Profile[]>('/profiles', { query: { pId: userId }, signal });

export const userProfilesKeys = { of: (userId: string) => [...queryRoots.family, 'of-user', userId] as const };

export const userProfilesQueryOptions = (userId: string) =>
  queryOptions({ queryKey: userProfilesKeys.of(userId), queryFn: ({ signal }) => getUserProfiles(userId, signal), retry: false });

/** Only while `enabled` (the admin's delete dialog is open): what deleting the user does to their families. */
export const useUserProfiles = (userId: string, enabled: boolean) => useQuery({ ...userProfilesQueryOptions(userId), enabled });
