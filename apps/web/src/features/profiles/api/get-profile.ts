import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '@shared/api';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/** GET /api/profiles/:id: 403 when not the caller's (unless admin), 404 unknown. */
export const getProfile = (id: string, signal?: AbortSignal) => api<Profile>(`/profiles/${encodeURIComponent(id)}`, { signal });

export const profileKeys = { byId: (id: string) => [...queryRoots.family, 'by-id', id] as const };

export const profileQueryOptions = (id: string) =>
  queryOptions({ queryKey: profileKeys.byId(id), queryFn: ({ signal }) => getProfile(id, signal) });

export const useProfile = (id: string | undefined) => useQuery({ ...profileQueryOptions(id ?? ''), enabled: !!id });
