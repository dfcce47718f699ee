import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PLACE_SKELETON_COUNT } from '@shared/constants';
import type { Place } from '@shared/api';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { placeSlug } from '@/lib/format';
import { VenueImage } from './venue-image';
import { StrokeIcon } from '@/components/ui/icon';

type HeadingLevel = 'h2' | 'h3';

export function VenueGridCard({ place, headingLevel: Heading = 'h3', eager }: { place: Place; headingLevel?: HeadingLevel; eager?: boolean }) {
  const hasCourses = place.courseCount > 0;
  return (
    <Link
      to={paths.place(placeSlug(place.name))}
      className="group flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-white no-underline shadow-sm transition hover:-translate-y-0.5 hover:shadow-md"
    >
      <VenueImage name={place.name} image={place.image} photos={place.photos} eager={eager} />
      <div className="flex flex-1 flex-col p-4">
        <Heading className="text-lg font-bold text-sea-900 group-hover:underline">{place.name}</Heading>
        <p className="mt-1 mb-4 text-muted">
          {place.address}
          <br />
          {place.zipCode} {place.place}
        </p>
        <span
          className={`mt-auto inline-flex min-h-11 items-center self-start rounded-full px-4 font-semibold ${
            hasCourses ? 'bg-sea-800 text-white' : 'bg-sand-100 text-sand-700'
          }`}
        >
          {hasCourses ? 'Se ledige kurs' : 'Les informasjon'}
          <StrokeIcon d="M7 4l6 6-6 6" className="ml-1.5 size-4" />
        </span>
      </div>
    </Link>
  );
}

/** The place grid while it loads: skeleton cards (after `heading`, if any), announced as 'Laster kurssteder'. */
export function VenueGridLoading({ heading }: { heading?: ReactNode }) {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">Laster kurssteder</span>
      {heading}
      <ul className={venueGridClass}>
        {Array.from({ length: PLACE_SKELETON_COUNT }, (_, i) => (
          <li key={i}>
            {/* Same box as a card, so the grid does not move when the data arrives. */}
            <div aria-hidden="true" className="flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-white shadow-sm">
              <Skeleton className="aspect-[8/5] w-full rounded-none" />
              <div className="flex flex-1 flex-col p-4">
                <Skeleton className="h-6 w-3/4" />
                <Skeleton className="mt-2 h-5 w-2/3" />
                <Skeleton className="mt-1.5 h-5 w-1/2" />
                <Skeleton className="mt-4 h-11 w-36 rounded-full" />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Decision 029: a failed fetch says so; 'Fant ingen kurssteder' would tell the visitor there are none. */
export function VenuesLoadError() {
  return (
    <p role="alert" className="rounded-2xl bg-danger-bg p-6 text-lg font-medium text-danger">
      Kunne ikke hente kurssteder
    </p>
  );
}

// grid-cols-1 on a phone: an implicit column could grow to a card's smallest width and scroll the page sideways.
export const venueGridClass = 'grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

/**
 * A card further down is painted only when near the screen, so the first paint does not wait for fifty cards. Only
 * the height is guessed: `auto 26rem` for both axes made unpainted cards wider than a phone.
 */
export const laterCardClass = '[content-visibility:auto] [contain-intrinsic-block-size:auto_26rem]';
