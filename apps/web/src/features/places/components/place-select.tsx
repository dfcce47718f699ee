import type { Place } from '@shared/api';
import { placeSlug } from '@/lib/format';

interface PlaceSelectProps {
  places: readonly Place[];
  /** Slug of the current place, or '' for none. */
  value: string;
  onChange: (slug: string) => void;
  disabled?: boolean;
}

/** 'Velg kurssted': a native select with a visible label; choosing a place changes the route. */
export function PlaceSelect({ places, value, onChange, disabled }: PlaceSelectProps) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor="velg-kurssted" className="font-semibold text-sea-900">
        Velg kurssted
      </label>
      <div className="relative w-full sm:max-w-sm">
        <select
          id="velg-kurssted"
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
          className="min-h-11 w-full appearance-none rounded-xl border-2 border-sea-700 bg-white py-2 pr-10 pl-3 text-base text-ink"
        >
          {value === '' ? (
            <option value="" disabled>
              Velg kurssted
            </option>
          ) : null}
          {places.map((place) => (
            <option key={place._id} value={placeSlug(place.name)}>
              {place.name}
            </option>
          ))}
        </select>
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className="pointer-events-none absolute top-1/2 right-3 size-5 -translate-y-1/2 text-sea-800"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M5 8l5 5 5-5" />
        </svg>
      </div>
    </div>
  );
}
