import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Place } from '@shared/api';
import { api } from '@/lib/api-client';

/** GET /api/places: all places, sorted by name, with slug and courseCount. */
export const getPlaces = (signal?: AbortSignal) => api<Place[]>('/places', { signal });

export const placesQueryOptions = () =>
  queryOptions({ queryKey: ['places'], queryFn: ({ signal }) => getPlaces(signal) });

export const usePlaces = () => useQuery(placesQueryOptions());
