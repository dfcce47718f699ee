import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfileOverview } from '@shared/api/profiles';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

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
