import { PLACE_IMAGES, type PlaceImage as PlaceImageKey } from '@shared/constants';
import { asciiSlug } from '@/lib/format';

/**
 * Illustrations shipped in public/images/places/{key}.svg (the keys are PLACE_IMAGES: the browser cannot list public
 * files). A venue shows the one chosen in the venue form; without a choice, the one named like the venue (spec §2),
 * else the placeholder.
 */
const KNOWN_IMAGES = new Set<string>(PLACE_IMAGES);

/** Each illustration's name in the venue form, spelt as the place is (Lillestrøm, Strømmen). */
export const PLACE_IMAGE_LABELS: Record<PlaceImageKey, string> = {
  'sagene-basseng': 'Sagene basseng',
  'majorstuen-svommehall': 'Majorstuen svømmehall',
  'nordstrand-bad': 'Nordstrand bad',
  'grorud-basseng': 'Grorud basseng',
  'lillestrom-svommehall': 'Lillestrøm svømmehall',
  'strommen-bad': 'Strømmen bad',
  'skjetten-bad': 'Skjetten bad',
  'skedsmokorset-svommehall': 'Skedsmokorset svømmehall',
  'jessheim-badeland': 'Jessheim badeland',
  'bjerke-basseng': 'Bjerke basseng',
  placeholder: 'Standardbilde',
};

export const placeImageUrl = (key: string) => `/images/places/${key}.svg`;

const imageKey = (name: string, image?: PlaceImageKey | null): string => {
  if (image) return image;
  const slug = asciiSlug(name);
  return KNOWN_IMAGES.has(slug) ? slug : 'placeholder';
};

export function placeImageSrc(name: string, image?: PlaceImageKey | null): string {
  return placeImageUrl(imageKey(name, image));
}

/**
 * The same picture for link previews (og:image): Facebook, Messenger and most link previews do not show SVG, so each
 * illustration also ships as a 1200×750 PNG in public/images/places/og/ (made from the SVG with
 * `rsvg-convert -w 1200 -h 750`; a new illustration needs its PNG too).
 */
export const SHARE_IMAGE_SIZE = { width: 1200, height: 750 } as const;
export function placeShareImageSrc(name: string, image?: PlaceImageKey | null): string {
  return `/images/places/og/${imageKey(name, image)}.png`;
}

interface PlaceImageProps {
  name: string;
  image?: PlaceImageKey | null;
  className?: string;
  eager?: boolean;
}

export function PlaceImage({ name, image, className = '', eager = false }: PlaceImageProps) {
  return (
    <img
      src={placeImageSrc(name, image)}
      alt={`Illustrasjon av ${name}`}
      width={640}
      height={400}
      // The first cards' pictures are the largest paint on a phone: fetched first, and painted with the page.
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding={eager ? undefined : 'async'}
      className={`aspect-[8/5] w-full bg-aqua-100 object-cover ${className}`}
    />
  );
}
