import { PLACE_IMAGES, type PlaceImage as PlaceImageKey } from '@shared/constants';
import { asciiSlug } from '@/lib/format';

/**
 * Illustrations shipped in public/images/places/{key}.svg (the keys are PLACE_IMAGES: the browser cannot list public
 * files). A venue shows the one chosen in the venue form; without a choice, the one named like the venue (spec §2),
 * else the placeholder.
 */
const KNOWN_IMAGES = new Set<string>(PLACE_IMAGES);

export const placeImageUrl = (key: string) => `/images/places/${key}.svg`;

export function placeImageSrc(name: string, image?: PlaceImageKey | null): string {
  if (image) return placeImageUrl(image);
  const slug = asciiSlug(name);
  return placeImageUrl(KNOWN_IMAGES.has(slug) ? slug : 'placeholder');
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
