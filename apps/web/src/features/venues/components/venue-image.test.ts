import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { PlacePhoto } from '@shared/api';
import { PLACE_IMAGES } from '@shared/constants';
import { coverPhoto, PLACE_IMAGE_LABELS, photoSrcSet, venueImageSrc, venueShareImageSrc, SHARE_IMAGE_SIZE } from './venue-image';

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../public');

describe('venue pictures', () => {
  it('are named as the places are spelt (Lillestrøm, Strømmen), each its own name', () => {
    expect(PLACE_IMAGE_LABELS['lillestrom-svommehall']).toBe('Lillestrøm svømmehall');
    expect(PLACE_IMAGE_LABELS['strommen-bad']).toBe('Strømmen bad');
    const labels = PLACE_IMAGES.map((key) => PLACE_IMAGE_LABELS[key]);
    expect(new Set(labels).size).toBe(PLACE_IMAGES.length);
    for (const label of labels) expect(label).toMatch(/^[A-ZÆØÅ]/);
  });

  it('every illustration ships as SVG for the pages and as a 1200×750 PNG for link previews', () => {
    for (const key of [...PLACE_IMAGES, 'placeholder']) {
      expect(existsSync(path.join(publicDir, `images/places/${key}.svg`)), `${key}.svg`).toBe(true);
      const png = path.join(publicDir, `images/places/og/${key}.png`);
      expect(existsSync(png), `og/${key}.png`).toBe(true);
      const bytes = readFileSync(png);
      // The PNG signature, then the IHDR chunk's width and height.
      expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
      expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)], key).toEqual([SHARE_IMAGE_SIZE.width, SHARE_IMAGE_SIZE.height]);
    }
  });

  it('a venue without a chosen picture gets the one named like it, else the placeholder, in both forms', () => {
    expect(venueImageSrc('Sagene Basseng')).toBe('/images/places/sagene-basseng.svg');
    expect(venueShareImageSrc('Sagene Basseng')).toBe('/images/places/og/sagene-basseng.png');
    expect(venueShareImageSrc('Et nytt sted')).toBe('/images/places/og/placeholder.png');
    expect(venueShareImageSrc('Et nytt sted', 'nordstrand-bad')).toBe('/images/places/og/nordstrand-bad.png');
  });
});

describe('venue photos (issue 41)', () => {
  const hash = 'a'.repeat(64);
  const photo = (over: Partial<PlacePhoto> = {}): PlacePhoto => ({ _id: '0'.repeat(24), hash, width: 2400, height: 1600, color: '#336699', alt: 'Bassenget', cover: false, ...over });

  it('the cover is the one the admin picked, else the first; none without photos', () => {
    expect(coverPhoto([photo({ alt: 'a' }), photo({ alt: 'b', cover: true })])?.alt).toBe('b');
    expect(coverPhoto([photo({ alt: 'a' }), photo({ alt: 'b' })])?.alt).toBe('a');
    expect(coverPhoto([])).toBeUndefined();
  });

  it('srcset names each served width, never one wider than the photo', () => {
    expect(photoSrcSet(photo(), 'avif')).toBe(`/api/images/${hash}/w480.avif 480w, /api/images/${hash}/w960.avif 960w, /api/images/${hash}/w1600.avif 1600w`);
    // A 700 px photo: the 960 and 1600 files are 700 px wide (not enlarged), so one of them is listed, as 700w.
    expect(photoSrcSet(photo({ width: 700 }), 'jpg')).toBe(`/api/images/${hash}/w480.jpg 480w, /api/images/${hash}/w960.jpg 700w`);
  });
});
