import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Place, PlaceInput, PlacePhotosInput } from '@shared/api';
import { api, type Read } from '@/lib/api-client';
import { queryRoots, useRefreshingMutation } from '@/lib/query-keys';

/** GET /api/places/:id */
export const getVenue = (id: string, signal?: AbortSignal) => api<Place>(`/places/${encodeURIComponent(id)}`, { signal });

export const venueKeys = { byId: (id: string) => [...queryRoots.places, 'by-id', id] as const };

export const venueQueryOptions = (id: string) =>
  queryOptions({ queryKey: venueKeys.byId(id), queryFn: ({ signal }) => getVenue(id, signal) });

export const useVenue = (id: string | undefined) => useQuery({ ...venueQueryOptions(id ?? ''), enabled: !!id });

export const venuesKeys = { list: () => [...queryRoots.places, 'list'] as const };

/** GET /api/places: all places, sorted by name, with slug and courseCount. */
export const venuesQueryOptions = (read: Read = api) =>
  queryOptions({ queryKey: venuesKeys.list(), queryFn: ({ signal }) => read<Place[]>('/places', { signal }) });

export const useVenues = () => useQuery(venuesQueryOptions());

/** The venue photo calls (issue 41): each answers the venue with its photos as they now are. */
const photosPath = (placeId: string) => `/places/${encodeURIComponent(placeId)}/photos`;

/** POST /api/places/:id/photos?alt=… with the file's bytes → 201 place. */
export const uploadPhoto = (placeId: string, file: File, alt: string) => api<Place>(photosPath(placeId), { method: 'POST', query: { alt }, body: file });
/** PUT /api/places/:id/photos/:photoId with the new file's bytes → place. */
export const replacePhoto = (placeId: string, photoId: string, file: File) =>
  api<Place>(`${photosPath(placeId)}/${encodeURIComponent(photoId)}`, { method: 'PUT', body: file });
/** PUT /api/places/:id/photos: order, alt texts, cover → place. */
export const arrangePhotos = (placeId: string, input: PlacePhotosInput) => api<Place>(photosPath(placeId), { method: 'PUT', body: input });
/** DELETE /api/places/:id/photos/:photoId → place. */
export const deletePhoto = (placeId: string, photoId: string) => api<Place>(`${photosPath(placeId)}/${encodeURIComponent(photoId)}`, { method: 'DELETE' });

/** Any write to a venue or its photos; the place lists refetch afterwards. */
export const useVenueMutation = <A>(call: (args: A) => Promise<Place>) => useRefreshingMutation(call, [queryRoots.places], 'settled');

/** POST /api/places → 201 place (spec §4: the form without id creates). */
export const createVenue = (input: PlaceInput) => api<Place>('/places', { method: 'POST', body: input });
/** PATCH /api/places/:id → place (with id updates). */
export const updateVenue = (id: string, input: PlaceInput) =>
  api<Place>(`/places/${encodeURIComponent(id)}`, { method: 'PATCH', body: input });

/** Create or update, by whether an id is given. */
export const useSaveVenue = () =>
  useVenueMutation(({ id, input }: { id?: string; input: PlaceInput }) => (id ? updateVenue(id, input) : createVenue(input)));
