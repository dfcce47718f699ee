import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Place } from '@shared/api';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/** GET /api/places: all places, sorted by name, with slug and courseCount. */
export const getPlaces = (signal?: AbortSignal) => api<Place[]>('/places', { signal });

export const placesKeys = { list: () => [...queryRoots.places, 'list'] as const };

export const placesQueryOptions = () =>
  queryOptions({ queryKey: placesKeys.list(), queryFn: ({ signal }) => getPlaces(signal) });

export const usePlaces = () => useQuery(placesQueryOptions());
