import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Place, PlaceInput } from '@shared/api';
import { api } from '@/lib/api-client';

/** Query keys of everything a venue change touches (the lists, the one place, its courses). */
export const placeKeys = { all: ['places'] as const };

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
    onSettled: () => queryClient.invalidateQueries({ queryKey: placeKeys.all }),
  });
}
