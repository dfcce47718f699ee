import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Place } from '@shared/api';
import { api, type Read } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

export const placesKeys = { list: () => [...queryRoots.places, 'list'] as const };

/** GET /api/places: all places, sorted by name, with slug and courseCount. */
export const placesQueryOptions = (read: Read = api) =>
  queryOptions({ queryKey: placesKeys.list(), queryFn: ({ signal }) => read<Place[]>('/places', { signal }) });

export const usePlaces = () => useQuery(placesQueryOptions());
