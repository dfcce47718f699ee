import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '@shared/api';
import type { ProfileOverview } from '@shared/api/profiles';
import { api } from '@/lib/api-client';
import { queryRoots, useRefreshingMutation } from '@/lib/query-keys';
import { useSignedIn } from '@/lib/use-session';

const profileKeys = {
  byId: (id: string) => [...queryRoots.family, 'by-id', id] as const,
  overview: (profileId: string) => [...queryRoots.family, 'overview', profileId] as const,
};

/** GET /api/profiles/:id: 403 when not the caller's (unless admin), 404 unknown. */
export const useProfile = (id: string | undefined) =>
  useQuery({
    queryKey: profileKeys.byId(id ?? ''),
    queryFn: ({ signal }) => api<Profile>(`/profiles/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: !!id,
  });

/** GET /api/profiles/{id}/overview: 'Som instruktør' courses, and the admin's details (roles, orders …). */
export const profileOverviewQueryOptions = (profileId: string) =>
  queryOptions({
    queryKey: profileKeys.overview(profileId),
    queryFn: ({ signal }) => api<ProfileOverview>(`/profiles/${profileId}/overview`, { signal }),
  });

export const useProfileOverview = (profileId: string | undefined) =>
  useQuery({ ...profileOverviewQueryOptions(profileId ?? ''), enabled: !!profileId });

/** Keys of the caller's profiles (under the family root, which adding a child invalidates). */
export const profilesKeys = {
  all: () => queryRoots.family,
  own: () => [...queryRoots.family, 'own'] as const,
};

/** GET /api/profiles: the caller's own profiles (families); the first is the default one. */
export const profilesQueryOptions = () =>
  queryOptions({ queryKey: profilesKeys.own(), queryFn: ({ signal }) => api<Profile[]>('/profiles', { signal }) });

export function useProfiles() {
  const signedIn = useSignedIn();
  return useQuery({ ...profilesQueryOptions(), enabled: signedIn });
}

/** PATCH /api/profiles/{id} {parents}: the guardians the profile keeps (only removal). */
export const useUpdateGuardians = () =>
  useRefreshingMutation(
    ({ profileId, parents }: { profileId: string; parents: string[] }) => api<Profile>(`/profiles/${profileId}`, { method: 'PATCH', body: { parents } }),
    [queryRoots.private],
  );
