import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '@shared/api';
import { api } from '@/lib/api-client';
import { PRIVATE_KEY } from '@/lib/current-user';
import { useSignedIn } from '@/lib/use-session';

/** Query keys of the caller's profiles; adding a child invalidates this prefix. */
export const PROFILES_KEY = [PRIVATE_KEY, 'profiles'] as const;

/** GET /api/profiles: the caller's own profiles (families); the first is the default one. */
export const getProfiles = (signal?: AbortSignal) => api<Profile[]>('/profiles', { signal });

export const profilesQueryOptions = () =>
  queryOptions({ queryKey: [...PROFILES_KEY, 'own'], queryFn: ({ signal }) => getProfiles(signal) });

export function useProfiles() {
  const signedIn = useSignedIn();
  return useQuery({ ...profilesQueryOptions(), enabled: signedIn });
}
