import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Place, PlaceInput, PlacePhotosInput } from '@shared/api';
import { api, type Read } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-keys';

/** GET /api/places/:id */
export const getPlace = (id: string, signal?: AbortSignal) => api<Place>(`/places/${encodeURIComponent(id)}`, { signal });

export const placeKeys = { byId: (id: string) => [...queryRoots.places, 'by-id', id] as const };

export const placeQueryOptions = (id: string) =>
  queryOptions({ queryKey: placeKeys.byId(id), queryFn: ({ signal }) => getPlace(id, signal) });

export const usePlace = (id: string | undefined) => useQuery({ ...placeQueryOptions(id ?? ''), enabled: !!id });

export const placesKeys = { list: () => [...queryRoots.places, 'list'] as const };

/** GET /api/places: all places, sorted by name, with slug and courseCount. */
export const placesQueryOptions = (read: Read = api) =>
  queryOptions({ queryKey: placesKeys.list(), queryFn: ({ signal }) => read<Place[]>('/places', { signal }) });

export const usePlaces = () => useQuery(placesQueryOptions());

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

/** Any of the four; the place lists refetch afterwards. */
export function usePlacePhotosMutation<A>(call: (args: A) => Promise<Place>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => queryClient.invalidateQueries({ queryKey: queryRoots.places }) });
}

/** POST /api/places → 201 place (spec §4: the form without id creates). */
export const createPlace = (input: PlaceInput) => api<Place>('/places', { method: 'POST', body: input });
/** PATCH /api/places/:id → place (with id updates). */
export const updatePlace = (id: string, input: PlaceInput) =>
  api<Place>(`/places/${encodeURIComponent(id)}`, { method: 'PATCH', body: input });

/** Create or update, by whether an id is given; the place lists refetch afterwards. */
export function useSavePlace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: PlaceInput }) => (id ? updatePlace(id, input) : createPlace(input)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryRoots.places }),
  });
}
