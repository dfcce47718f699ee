import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Place } from '@shared/api';
import { api } from '@/lib/api-client';

/** GET /api/places/:id */
export const getPlace = (id: string, signal?: AbortSignal) => api<Place>(`/places/${encodeURIComponent(id)}`, { signal });

export const placeQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['places', id], queryFn: ({ signal }) => getPlace(id, signal) });

export const usePlace = (id: string | undefined) => useQuery({ ...placeQueryOptions(id ?? ''), enabled: !!id });
