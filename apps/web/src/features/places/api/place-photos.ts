import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Place, PlacePhotosInput } from '@shared/api';
import { api } from '@/lib/api-client';
import { placeKeys } from './save-place';

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
  return useMutation({ mutationFn: call, onSettled: () => queryClient.invalidateQueries({ queryKey: placeKeys.all }) });
}
