import type { PlacePhoto } from '@shared/api';
import { PHOTO_WIDTHS, photoUrl, PLACE_IMAGES, type PhotoFormat, type VenueImage as PlaceImageKey } from '@shared/constants';
import { asciiSlug } from '@/lib/format';

/** Illustrations in public/images/places/{key}.svg: the one chosen, else the one named like the venue (spec §2). */
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

export const venueImageUrl = (key: string) => `/images/places/${key}.svg`;

const imageKey = (name: string, image?: PlaceImageKey | null): string => {
  if (image) return image;
  const slug = asciiSlug(name);
  return KNOWN_IMAGES.has(slug) ? slug : 'placeholder';
};

export function venueImageSrc(name: string, image?: PlaceImageKey | null): string {
  return venueImageUrl(imageKey(name, image));
}

/** The picture for link previews (og:image), which do not show SVG: a 1200×750 PNG in public/images/places/og/. */
export const SHARE_IMAGE_SIZE = { width: 1200, height: 750 } as const;
export function venueShareImageSrc(name: string, image?: PlaceImageKey | null): string {
  return `/images/places/og/${imageKey(name, image)}.png`;
}

/** The venue's cover photo, if it has photos (the admin picks it; else the first). */
export const coverPhoto = (photos: readonly PlacePhoto[] | undefined): PlacePhoto | undefined => photos?.find((p) => p.cover) ?? photos?.[0];

/** `srcset` of a photo in one format: each served width, no wider than the photo itself (no upscaled bytes). */
export function photoSrcSet(photo: Pick<PlacePhoto, 'hash' | 'width'>, format: PhotoFormat): string {
  const seen = new Set<number>();
  return PHOTO_WIDTHS.filter((w) => {
    const actual = Math.min(w, photo.width);
    if (seen.has(actual)) return false;
    seen.add(actual);
    return true;
  })
    .map((w) => `${photoUrl(photo.hash, `w${w}.${format}`)} ${Math.min(w, photo.width)}w`)
    .join(', ');
}

/** A card in the grid: the whole phone's width, half, a third or a quarter of the screen (venueGridClass). */
export const CARD_IMAGE_SIZES = '(min-width: 1280px) 25vw, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw';

interface PlaceImageProps {
  name: string;
  image?: PlaceImageKey | null;
  /** The venue's uploaded photos: the cover is shown when there is one, the drawing otherwise. */
  photos?: readonly PlacePhoto[];
  /** The photo's rendered width by screen width (the `sizes` attribute). */
  sizes?: string;
  className?: string;
  eager?: boolean;
}

/** A venue's photo in AVIF, WebP or JPEG; its dominant colour fills the box while it loads (an SVG fill: CSP). */
export function VenuePhotoPicture({ photo, sizes, className, eager }: { photo: PlacePhoto; sizes: string; className: string; eager: boolean }) {
  return (
    <div className={`relative aspect-[8/5] w-full overflow-hidden ${className}`}>
      <svg aria-hidden="true" className="absolute inset-0 size-full" preserveAspectRatio="none" viewBox="0 0 1 1">
        <rect width="1" height="1" fill={photo.color} />
      </svg>
      <picture>
        <source type="image/avif" srcSet={photoSrcSet(photo, 'avif')} sizes={sizes} />
        <source type="image/webp" srcSet={photoSrcSet(photo, 'webp')} sizes={sizes} />
        <img
          src={photoUrl(photo.hash, 'w960.jpg')}
          srcSet={photoSrcSet(photo, 'jpg')}
          sizes={sizes}
          alt={photo.alt}
          width={photo.width}
          height={photo.height}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : undefined}
          decoding={eager ? undefined : 'async'}
          className="relative size-full object-cover"
        />
      </picture>
    </div>
  );
}

/** The venue's other photos after the cover: small, lazy, each linking to the large photo. */
export function VenueGallery({ name, photos }: { name: string; photos: readonly PlacePhoto[] | undefined }) {
  const cover = coverPhoto(photos);
  const others = (photos ?? []).filter((p) => p !== cover);
  if (!others.length) return null;
  return (
    <ul aria-label={`Flere bilder fra ${name}`} className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-3">
      {others.map((photo) => (
        <li key={photo._id}>
          <a href={photoUrl(photo.hash, 'w1600.jpg')} className="block overflow-hidden rounded-xl focus-visible:outline-2 focus-visible:outline-sea-800">
            <VenuePhotoPicture photo={photo} sizes="(min-width: 640px) 12rem, 45vw" className="" eager={false} />
          </a>
        </li>
      ))}
    </ul>
  );
}

export function VenueImage({ name, image, photos, sizes = CARD_IMAGE_SIZES, className = '', eager = false }: PlaceImageProps) {
  const cover = coverPhoto(photos);
  if (cover) return <VenuePhotoPicture photo={cover} sizes={sizes} className={className} eager={eager} />;
  return (
    <img
      src={venueImageSrc(name, image)}
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
