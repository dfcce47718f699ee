import { asciiSlug } from '@/lib/format';

/**
 * Illustrations shipped in public/images/places/, named by the ASCII slug of the place name. The browser cannot list
 * public files, so the known names live here; any other place gets the placeholder.
 */
const KNOWN_IMAGES = new Set([
  'sagene-basseng',
  'majorstuen-svommehall',
  'nordstrand-bad',
  'grorud-basseng',
  'lillestrom-svommehall',
  'strommen-bad',
  'skjetten-bad',
  'skedsmokorset-svommehall',
  'jessheim-badeland',
  'bjerke-basseng',
]);

function placeImageSrc(name: string): string {
  const slug = asciiSlug(name);
  return `/images/places/${KNOWN_IMAGES.has(slug) ? slug : 'placeholder'}.svg`;
}

interface PlaceImageProps {
  name: string;
  className?: string;
  eager?: boolean;
}

export function PlaceImage({ name, className = '', eager = false }: PlaceImageProps) {
  return (
    <img
      src={placeImageSrc(name)}
      alt={`Illustrasjon av ${name}`}
      width={640}
      height={400}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={`aspect-[8/5] w-full bg-aqua-100 object-cover ${className}`}
    />
  );
}
