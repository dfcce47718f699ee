import type { Place } from '@shared/api';
import { Select } from '@/components/ui/form/select';
import { paths } from '@/config/paths';
import { placeSlug } from '@/lib/format';

interface PlaceSelectProps {
  places: readonly Place[];
  /** Slug of the current place, or '' for none. */
  value: string;
  onChange: (slug: string) => void;
  disabled?: boolean;
}

/** 'Velg kurssted': choosing a place changes the route; `data-goes-to` is for boot.ts on a page without the app. */
export function VenueSelect({ places, value, onChange, disabled }: PlaceSelectProps) {
  return (
    <Select
      id="velg-kurssted"
      label="Velg kurssted"
      fieldClassName="w-full sm:max-w-sm"
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
      data-goes-to={paths.place('')}
      // The prompt shows only until a place is chosen.
      placeholder={value === '' ? 'Velg kurssted' : undefined}
      options={places.map((place) => ({ value: placeSlug(place.name), label: place.name }))}
    />
  );
}
