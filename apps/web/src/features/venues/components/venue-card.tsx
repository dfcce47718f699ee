import type { Place } from '@shared/api';
import { LinkifiedText } from '@/components/ui/linkified-text';
import { mapsSearchUrl } from '@/lib/format';
import { VenueGallery, VenueImage } from './venue-image';

/** The venue on its ordering page: image, name, address linked to a maps search, info text. */
export function VenueCard({ place }: { place: Place }) {
  const address = `${place.address}, ${place.zipCode} ${place.place}`;
  return (
    <article className="overflow-hidden rounded-2xl border border-line bg-white shadow-sm md:grid md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <VenueImage name={place.name} image={place.image} photos={place.photos} sizes="(min-width: 768px) 40vw, 100vw" eager className="md:h-full" />
      <div className="p-5 sm:p-6">
        <h2 className="text-2xl font-bold text-sea-900">{place.name}</h2>
        <p className="mt-2">
          <a
            href={mapsSearchUrl(address)}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-11 items-center gap-2 font-medium text-sea-700 underline hover:text-sea-900"
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5 shrink-0" fill="currentColor">
              <path d="M10 1.5a6 6 0 0 0-6 6c0 4.5 6 11 6 11s6-6.5 6-11a6 6 0 0 0-6-6zm0 8.25a2.25 2.25 0 1 1 0-4.5 2.25 2.25 0 0 1 0 4.5z" />
            </svg>
            <span>
              {address}
              <span className="sr-only"> (kart, åpnes i ny fane)</span>
            </span>
          </a>
        </p>
        {place.info ? <LinkifiedText text={place.info} className="mt-3 text-ink" /> : null}
        <VenueGallery name={place.name} photos={place.photos} />
      </div>
    </article>
  );
}
