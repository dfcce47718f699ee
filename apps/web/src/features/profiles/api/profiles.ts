import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '@shared/api';
import type { ProfileOverview } from '@shared/api/profiles';
import { api } from '@/lib/api-client';
import { queryRoots, useRefreshingMutation } from '@/lib/query-keys';
import { useSignedIn } from '@/lib/use-session';

/** GET /api/profiles/:id: 403 when not the caller's (unless admin), 404 unknown. */
export const getProfile = (id: string, signal?: AbortSignal) => api<Profile>(`/profiles/${encodeURIComponent(id)}`, { signal });

export const profileKeys = { byId: (id: string) => [...queryRoots.family, 'by-id', id] as const };

export const profileQueryOptions = (id: string) =>
  queryOptions({ queryKey: profileKeys.byId(id), queryFn: ({ signal }) => getProfile(id, signal) });

export const useProfile = (id: string | undefined) => useQuery({ ...profileQueryOptions(id ?? ''), enabled: !!id });

export const profileOverviewKeys = {
  of: (profileId: string) => [...queryRoots.family, 'overview', profileId] as const,
};

/** GET /api/profiles/{id}/overview: 'Som instruktør' courses, and the admin's details (roles, orders …). */
export const getProfileOverview = (profileId: string, signal?: AbortSignal) =>
  api<ProfileOverview>(`/profiles/${profileId}/overview`, { signal });

export const profileOverviewQueryOptions = (profileId: string) =>
  queryOptions({ queryKey: profileOverviewKeys.of(profileId), queryFn: ({ signal }) => getProfileOverview(profileId, signal) });

export const useProfileOverview = (profileId: string | undefined) =>
  useQuery({ ...profileOverviewQueryOptions(profileId ?? ''), enabled: !!profileId });

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

/** PATCH /api/profiles/{id} {parents}: the guardians the profile keeps (only removal). */
export const updateGuardians = ({ profileId, parents }: { profileId: string; parents: string[] }) =>
  api<Profile>(`/profiles/${profileId}`, { method: 'PATCH', body: { parents } });

export const useUpdateGuardians = () => useRefreshingMutation(updateGuardians, [queryRoots.private]);
