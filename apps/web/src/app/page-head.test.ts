import { describe, expect, it, vi } from 'vitest';
import type { Place } from '@shared/api';
import { siteConfigFromEnv } from '@shared/site-config';

// Vite writes the site configuration in as __SITE__ at build time; a Node test sets it the same way.
vi.stubGlobal('__SITE__', siteConfigFromEnv({}));
const { headHtml, pageHead } = await import('./page-head');

const place = (photos: Place['photos']): Place => ({
  _id: '0'.repeat(24),
  name: 'Sagene Basseng',
  slug: 'sagene-basseng',
  address: 'Badeveien 1',
  zipCode: '0450',
  place: 'Oslo',
  info: '',
  published: true,
  image: null,
  courseCount: 0,
  oldSlugs: [],
  photos,
});

const origin = 'https://bad.example';
const tag = (html: string, property: string) => html.match(new RegExp(`<meta property="${property}" content="([^"]*)"`))?.[1];

describe('the venue page’s link preview (og:image)', () => {
  it('is the cover photo’s 1200×630 JPEG with its alt text when the venue has photos (issue 41)', () => {
    const hash = 'b'.repeat(64);
    const photos = [
      { _id: '1'.repeat(24), hash: 'c'.repeat(64), width: 800, height: 600, color: '#000000', alt: 'Garderoben', cover: false },
      { _id: '2'.repeat(24), hash, width: 800, height: 600, color: '#000000', alt: 'Varmtvannsbassenget', cover: true },
    ];
    const html = headHtml(pageHead('place', origin, { place: place(photos), pathname: '/kurs/sagene-basseng' }), '/kurs/sagene-basseng', origin);
    expect(tag(html, 'og:image')).toBe(`${origin}/api/images/${hash}/og.jpg`);
    expect([tag(html, 'og:image:type'), tag(html, 'og:image:width'), tag(html, 'og:image:height'), tag(html, 'og:image:alt')]).toEqual(['image/jpeg', '1200', '630', 'Varmtvannsbassenget']);
  });

  it('is the drawing’s 1200×750 PNG without photos', () => {
    const html = headHtml(pageHead('place', origin, { place: place([]), pathname: '/kurs/sagene-basseng' }), '/kurs/sagene-basseng', origin);
    expect(tag(html, 'og:image')).toBe(`${origin}/images/places/og/sagene-basseng.png`);
    expect([tag(html, 'og:image:type'), tag(html, 'og:image:width'), tag(html, 'og:image:height'), tag(html, 'og:image:alt')]).toEqual(['image/png', '1200', '750', 'Illustrasjon av Sagene Basseng']);
  });
});
