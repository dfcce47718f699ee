import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '@shared/api';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';
import { useSignedIn } from '@/lib/use-session';

/** Keys of the caller's profiles (under the family root, which adding a child invalidates). */
export const profilesKeys = {
  all: () => queryRoots.family,
  own: () => [...queryRoots.family, 'own'] as const,
};

/** GET /api/profiles: the caller's own profiles (families); the first is the default one. */
export const getProfiles = (signal?: AbortSignal) => api<Profile[]>('/profiles', { signal });

export const profilesQueryOptions = () =>
  queryOptions({ queryKey: profilesKeys.own(), queryFn: ({ signal }) => getProfiles(signal) });

export function useProfiles() {
  const signedIn = useSignedIn();
  return useQuery({ ...profilesQueryOptions(), enabled: signedIn });
}
