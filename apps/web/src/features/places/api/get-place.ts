import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Place } from '@shared/api';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/** GET /api/places/:id */
export const getPlace = (id: string, signal?: AbortSignal) => api<Place>(`/places/${encodeURIComponent(id)}`, { signal });

export const placeKeys = { byId: (id: string) => [...queryRoots.places, 'by-id', id] as const };

export const placeQueryOptions = (id: string) =>
  queryOptions({ queryKey: placeKeys.byId(id), queryFn: ({ signal }) => getPlace(id, signal) });

export const usePlace = (id: string | undefined) => useQuery({ ...placeQueryOptions(id ?? ''), enabled: !!id });
