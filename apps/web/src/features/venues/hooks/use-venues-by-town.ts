import { useMemo } from 'react';
import type { Place } from '@shared/api';
import { site } from '@/config/site';

export interface TownGroup {
  town: string;
  places: Place[];
}

/** Groups places by town: each service area in config order (possibly empty), then other towns alphabetically. */
function groupPlacesByTown(places: readonly Place[], serviceAreas: readonly string[]): TownGroup[] {
  const key = (town: string) => town.trim().toLocaleLowerCase('nb-NO');
  const groups = new Map<string, TownGroup>();
  for (const town of serviceAreas) groups.set(key(town), { town, places: [] });
  const others: TownGroup[] = [];
  for (const place of places) {
    const k = key(place.place);
    let group = groups.get(k);
    if (!group) {
      group = { town: place.place.trim(), places: [] };
      groups.set(k, group);
      others.push(group);
    }
    group.places.push(place);
  }
  others.sort((a, b) => a.town.localeCompare(b.town, 'nb-NO'));
  return [...serviceAreas.map((town) => groups.get(key(town))!), ...others];
}

export function useVenuesByTown(places: readonly Place[] | undefined): TownGroup[] {
  return useMemo(() => groupPlacesByTown(places ?? [], site.serviceAreas), [places]);
}
