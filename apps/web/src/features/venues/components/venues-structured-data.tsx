import { CURRENCY, STRUCTURED_DATA_DEFAULT_REPEAT, STRUCTURED_DATA_WORKLOAD } from '@shared/constants';
import type { Place } from '@shared/api';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { placeSlug } from '@/lib/format';
import { useVenues } from '@/features/venues/api/venues';

/** schema.org Course of one venue: weekly, 30 minutes, NOK, paid, onsite (spec §2). Also in the venue page's head. */
export function venueCourseJsonLd(place: Place, url: string, provider: object) {
  return {
    '@type': 'Course',
    name: `Babysvømming ${place.name}`,
    description: `Babysvømming og småbarnsvømming på ${place.name}, ${place.place}.`,
    url,
    provider,
    offers: { '@type': 'Offer', category: 'Paid', priceCurrency: CURRENCY, url },
    hasCourseInstance: {
      '@type': 'CourseInstance',
      courseMode: 'Onsite',
      courseWorkload: STRUCTURED_DATA_WORKLOAD,
      courseSchedule: {
        '@type': 'Schedule',
        repeatFrequency: 'P1W',
        repeatCount: place.courseCount > 0 ? place.courseCount : STRUCTURED_DATA_DEFAULT_REPEAT,
      },
      location: {
        '@type': 'Place',
        name: place.name,
        address: {
          '@type': 'PostalAddress',
          streetAddress: place.address,
          postalCode: place.zipCode,
          addressLocality: place.place,
          addressCountry: 'NO',
        },
      },
    },
  };
}

/** schema.org ItemList of Course items (spec §2 /kurs): weekly, 30 minutes, NOK, paid, onsite. */
function buildCourseListJsonLd(places: readonly Place[]) {
  const origin = site.siteUrl.replace(/\/$/, '');
  const provider = { '@type': 'Organization', name: site.companyName, url: origin, email: site.contactEmail, telephone: site.contactPhone };
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: `Kurssteder – ${site.tagline}`,
    itemListElement: places.map((place, index) => {
      const url = `${origin}${paths.place(placeSlug(place.name))}`;
      return {
        '@type': 'ListItem',
        position: index + 1,
        url,
        item: venueCourseJsonLd(place, url, provider),
      };
    }),
  };
}

/** A JSON-LD data block: not executed, so the CSP (script-src 'self') does not apply to it. */
export function VenuesStructuredData() {
  const { data } = useVenues();
  if (!data || data.length === 0) return null;
  const json = JSON.stringify(buildCourseListJsonLd(data)).replace(/</g, '\\u003c');
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
