import type { Place } from '@shared/api';
import { paths } from '@/config/paths';
import { pageTitle, site } from '@/config/site';
import { OG_IMAGE_SIZE, photoUrl } from '@shared/constants';
import { GIFT_CARD_MIN_KR } from '@shared/api';
import { coverPhoto, venueShareImageSrc, SHARE_IMAGE_SIZE } from '@/features/venues/components/venue-image';
import { venueCourseJsonLd } from '@/features/venues/components/venues-structured-data';
import { listOf, placeSlug } from '@/lib/format';
import type { ServerRenderedRouteId } from './routes';

/** The head of a server-rendered page (decision 018), with the titles useDocumentTitle sets, so hydration changes nothing. */
export interface PageHead {
  title: string;
  description: string;
  /** Absolute; none for the 404 page. */
  canonical?: string;
  /** Absolute URL of the picture for link previews. */
  image?: string;
  imageAlt?: string;
  /** The picture's type and size (og:image:type/width/height); default the drawings' 1200×750 PNG. */
  imageType?: 'image/png' | 'image/jpeg';
  imageSize?: { width: number; height: number };
  jsonLd?: object[];
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const siteDescription = () =>
  `${site.companyName} har holdt kurs i babysvømming og småbarnsvømming siden ${site.foundedYear}. Kurs i ${listOf(site.serviceAreas)}. Se ledige kurs og bestill på nett.`;

function organization(origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: site.companyName,
    url: `${origin}/`,
    email: site.contactEmail,
    telephone: site.contactPhone,
    foundingDate: String(site.foundedYear),
    areaServed: site.serviceAreas,
    sameAs: site.social.map((s) => s.url),
  };
}

function venueCourse(place: Place, origin: string, url: string, image: string) {
  const provider = { '@type': 'Organization', name: site.companyName, url: `${origin}/` };
  return { '@context': 'https://schema.org', ...venueCourseJsonLd(place, url, provider), image };
}

/** First sentence-ish of the venue's own text, else a generated one; at most about 160 characters. */
function venueDescription(place: Place): string {
  const own = place.info.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  const base = `Babysvømming og småbarnsvømming på ${place.name}, ${place.address}, ${place.zipCode} ${place.place}. Se kursene og bestill plass på nett.`;
  if (!own) return base;
  return own.length > 160 ? `${own.slice(0, 157).replace(/\s+\S*$/, '')} …` : own;
}

export function pageHead(id: ServerRenderedRouteId, origin: string, options: { place?: Place; pathname: string }): PageHead {
  const at = (path: string) => `${origin}${path}`;
  switch (id) {
    case 'home':
      return { title: `${site.companyName} | ${site.tagline}`, description: siteDescription(), canonical: at(paths.home), jsonLd: [organization(origin)] };
    case 'courses':
      return {
        title: `Kurssteder | ${site.tagline}`,
        description: `Alle våre kurssteder for babysvømming og småbarnsvømming i ${listOf(site.serviceAreas)}. Velg et sted og se ledige kurs.`,
        canonical: at(paths.courses),
      };
    case 'place': {
      const place = options.place;
      if (!place) return { title: 'Bestill Kurs', description: 'Velg et kurssted for å se ledige kurs.' };
      const url = at(paths.place(placeSlug(place.name)));
      // The cover photo's 1200×630 JPEG when the venue has photos (issue 41), else the drawing's PNG.
      const cover = coverPhoto(place.photos);
      const image = at(cover ? photoUrl(cover.hash, 'og.jpg') : venueShareImageSrc(place.name, place.image));
      return {
        title: `${place.name}, ${place.place} | ${site.tagline}`,
        description: venueDescription(place),
        canonical: url,
        image,
        imageAlt: cover ? cover.alt : `Illustrasjon av ${place.name}`,
        ...(cover ? { imageType: 'image/jpeg' as const, imageSize: OG_IMAGE_SIZE } : {}),
        jsonLd: [venueCourse(place, origin, url, image)],
      };
    }
    case 'about':
      return { title: pageTitle('Om oss'), description: siteDescription(), canonical: at(paths.about), jsonLd: [organization(origin)] };
    case 'contact':
      return {
        title: pageTitle('Kontakt'),
        description: `Spørsmål om kurs, steder eller bestilling? Skriv til ${site.companyName}, ring ${site.contactPhone} eller send e-post til ${site.contactEmail}.`,
        canonical: at(paths.contact),
        jsonLd: [organization(origin)],
      };
    case 'gift-cards':
      return {
        title: pageTitle('Gavekort'),
        description: `Gi bort babysvømming: kjøp et gavekort hos ${site.companyName} med Vipps, fra ${GIFT_CARD_MIN_KR} kr.`,
        canonical: at(paths.giftCards),
      };
    case 'terms':
      return {
        title: pageTitle('Regler og betingelser'),
        description: `Kursregler og kjøpsbetingelser hos ${site.companyName}: det som gjelder når du bestiller kurs.`,
        canonical: at(paths.terms),
      };
    case 'not-found':
    case 'unknown':
      return { title: pageTitle('Ikke funnet'), description: 'Vi kan dessverre ikke finne siden du leter etter.' };
  }
}

/** The tags, as HTML for the template's head. JSON-LD is a data block (not run, so the CSP allows it); '<' escaped. */
export function headHtml(head: PageHead, pathname: string, origin: string): string {
  const meta = (attr: 'name' | 'property', key: string, value: string) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  const lines = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    head.canonical ? `<link rel="canonical" href="${escapeHtml(head.canonical)}" />` : '',
    head.canonical ? '' : meta('name', 'robots', 'noindex'),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:locale', 'nb_NO'),
    meta('property', 'og:site_name', site.companyName),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonical ?? `${origin}${pathname}`),
    head.image ? meta('property', 'og:image', head.image) : '',
    head.image ? meta('property', 'og:image:type', head.imageType ?? 'image/png') : '',
    head.image ? meta('property', 'og:image:width', String((head.imageSize ?? SHARE_IMAGE_SIZE).width)) : '',
    head.image ? meta('property', 'og:image:height', String((head.imageSize ?? SHARE_IMAGE_SIZE).height)) : '',
    head.image && head.imageAlt ? meta('property', 'og:image:alt', head.imageAlt) : '',
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    head.image ? meta('name', 'twitter:image', head.image) : '',
    ...(head.jsonLd ?? []).map((data) => `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`),
  ];
  return lines.filter(Boolean).join('\n    ');
}
