import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_PHOTO_BYTES, MAX_PHOTO_SIDE, MAX_PHOTOS_PER_PLACE, PHOTO_VARIANTS, placeSchema, type Place } from '@app/shared';
import { createVenue, createUser, type PlaceRow } from '../../test/builders';
import { findImage, variantNames } from '../../repos/images.repo';
import { auth, createTestApp, type TestContext } from '../../test/app';
import { testPhoto, testPhotoWithGps } from '../../test/images';
import { makePendingVariants } from '../../lib/images/variants';
import * as processing from '../../lib/images/processing';

let ctx: TestContext;
const tokens = { admin: '', parent: '', instructor: '' };

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.app.db;
  tokens.admin = (await ctx.app.sessions.issue((await createUser(db, { roles: ['admin', 'parent'] })).id)).token;
  tokens.parent = (await ctx.app.sessions.issue((await createUser(db)).id)).token;
  tokens.instructor = (await ctx.app.sessions.issue((await createUser(db, { roles: ['instructor', 'parent'] })).id)).token;
});
afterAll(() => ctx.close());

const upload = (placeId: string, payload: Buffer, alt = 'Varmtvannsbassenget', token = tokens.admin, type = 'image/jpeg') =>
  ctx.app.inject({ method: 'POST', url: `/api/places/${placeId}/photos?alt=${encodeURIComponent(alt)}`, headers: { ...auth(token), 'content-type': type }, payload });

async function counts(): Promise<Record<string, number>> {
  const result = await ctx.database.db.execute(
    'select (select count(*) from images)::int as images, (select count(*) from place_photos)::int as photos' as never,
  );
  // (Variants are left out: the background queue is still making those of the earlier uploads.)
  const row = (result as unknown as { rows: Record<string, number>[] }).rows[0]!;
  return { images: Number(row.images), photos: Number(row.photos) };
}

/** A PNG whose header claims 100 000 × 100 000 pixels in a few bytes: a decompression bomb. */
const pngBomb = () => greyPng(100_000, 100_000, Buffer.alloc(64 * 1024), 2);

/**
 * A whole greyscale PNG of `width` × `height` black pixels: a degenerate shape within the pixel cap is small on disk
 * (1 × 40 000 000 is 78 KB) but took a minute of CPU and gigabytes of memory to decode (probe round 3, L1).
 */
const degeneratePng = (width: number, height: number) => greyPng(width, height, Buffer.alloc((width + 1) * height), 0);

function greyPng(width: number, height: number, rows: Buffer, colourType: 0 | 2): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(colourType, 9); // 0 greyscale, 2 truecolour
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

describe('photo uploads (issue 41)', () => {
  let venue: PlaceRow;
  beforeAll(async () => {
    venue = await createVenue(ctx.app.db, { name: 'Fotobadet' });
  });

  it.each(['jpeg', 'png', 'webp'] as const)('stores a %s re-encoded, upright, without EXIF or GPS', async (format) => {
    const original = await testPhotoWithGps(format);
    const before = await sharp(original).metadata();
    expect(before.exif, 'the test photo carries EXIF').toBeDefined();
    const res = await upload(venue.id, original, `Bassenget (${format})`);
    expect(res.statusCode, res.body).toBe(201);
    const place = placeSchema.parse(res.json());
    const photo = place.photos.at(-1)!;
    expect(photo.alt).toBe(`Bassenget (${format})`);
    const stored = (await findImage(ctx.app.db, photo.hash))!;
    expect(stored.master.equals(original)).toBe(false);
    const after = await sharp(stored.master).metadata();
    expect(after.format).toBe(format);
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.orientation ?? 1).toBe(1);
    // Orientation 6 (90°) was applied before the metadata went: 600×400 became 400×600.
    if (before.orientation === 6) expect([after.width, after.height]).toEqual([400, 600]);
    expect([photo.width, photo.height]).toEqual([after.width, after.height]);
    expect(photo.color).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('makes the venue’s first photo its cover', async () => {
    const place = placeSchema.parse((await ctx.app.inject({ method: 'GET', url: `/api/places/${venue.id}` })).json());
    expect(place.photos.map((p) => p.cover)).toEqual([true, false, false]);
  });

  const hostile: [string, () => Promise<Buffer> | Buffer, string][] = [
    ['a PDF renamed .jpg', () => Buffer.from('%PDF-1.7\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF'), 'IMAGE_INVALID'],
    ['an SVG with a script', () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'), 'IMAGE_INVALID'],
    ['a GIF', () => sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } }).gif().toBuffer(), 'IMAGE_INVALID'],
    ['a decompression bomb (100 000 × 100 000 in a small PNG)', () => pngBomb(), 'IMAGE_INVALID'],
    ['a 1 × 40 000 000 px PNG (within the pixel cap, probe L1)', () => degeneratePng(1, 40_000_000), 'IMAGE_SHAPE'],
    ['a 40 000 000 × 1 px PNG (probe L1)', () => degeneratePng(40_000_000, 1), 'IMAGE_SHAPE'],
    [`a PNG with a side over ${MAX_PHOTO_SIDE} px`, () => degeneratePng(MAX_PHOTO_SIDE + 1, 2_000), 'IMAGE_SHAPE'],
    ['a PNG 20 times wider than high', () => degeneratePng(4_000, 200), 'IMAGE_SHAPE'],
    ['a truncated JPEG', async () => (await testPhoto('jpeg', { width: 1200, height: 900 })).subarray(0, 600), 'IMAGE_INVALID'],
    ['a HEIC photo', () => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'), Buffer.alloc(64)]), 'IMAGE_HEIC'],
    ['an empty body', () => Buffer.alloc(0), 'IMAGE_INVALID'],
    ['one byte over 15 MB', async () => Buffer.concat([await testPhoto(), Buffer.alloc(MAX_PHOTO_BYTES)]), 'IMAGE_TOO_LARGE'],
    ['20 MB (over the body limit)', () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(20 * 1024 * 1024)]), 'IMAGE_TOO_LARGE'],
  ];

  it.each(hostile)('refuses %s with a 400 and writes nothing', async (_name, make, code) => {
    const before = await counts();
    const res = await upload(venue.id, await make());
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe(code);
    expect(await counts()).toEqual(before);
  });

  it('lets only admins upload', async () => {
    const photo = await testPhoto();
    const before = await counts();
    expect((await upload(venue.id, photo, 'x', '')).statusCode).toBe(401);
    expect((await upload(venue.id, photo, 'x', tokens.parent)).statusCode).toBe(403);
    expect((await upload(venue.id, photo, 'x', tokens.instructor)).statusCode).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it('requires an alt text and a venue that exists', async () => {
    expect((await upload(venue.id, await testPhoto(), '   ')).statusCode).toBe(400);
    expect((await upload('ffffffffffffffffffffffff', await testPhoto())).statusCode).toBe(404);
  });

  it(`refuses a photo past ${MAX_PHOTOS_PER_PLACE} per venue`, async () => {
    const full = await createVenue(ctx.app.db, { name: 'Fullt bad' });
    for (let i = 0; i < MAX_PHOTOS_PER_PLACE; i++) {
      expect((await upload(full.id, await testPhoto('jpeg', { width: 64, height: 48, color: `#10${i}0${i}0` }))).statusCode).toBe(201);
    }
    const res = await upload(full.id, await testPhoto('jpeg', { width: 64, height: 48, color: '#ffffff' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('TOO_MANY_PHOTOS');
  });
});

describe('arranging, replacing and deleting photos', () => {
  let venue: PlaceRow;
  let place: Place;
  beforeAll(async () => {
    venue = await createVenue(ctx.app.db, { name: 'Ordnebadet' });
    await upload(venue.id, await testPhoto('jpeg', { color: '#aa0000' }), 'Rødt');
    place = placeSchema.parse((await upload(venue.id, await testPhoto('jpeg', { color: '#00aa00' }), 'Grønt')).json());
  });
  const arrange = (payload: object, token = tokens.admin) => ctx.app.inject({ method: 'PUT', url: `/api/places/${venue.id}/photos`, headers: auth(token), payload });

  it('sets order, alt texts and the cover in one call', async () => {
    const [red, green] = place.photos;
    const res = await arrange({ photos: [{ _id: green!._id, alt: 'Grønt basseng' }, { _id: red!._id, alt: 'Rødt basseng' }], coverId: green!._id });
    expect(res.statusCode, res.body).toBe(200);
    place = placeSchema.parse(res.json());
    expect(place.photos.map((p) => [p.alt, p.cover])).toEqual([['Grønt basseng', true], ['Rødt basseng', false]]);
  });

  it('refuses a blank alt text, a missing photo or a foreign cover', async () => {
    const [a, b] = place.photos;
    expect((await arrange({ photos: [{ _id: a!._id, alt: ' ' }, { _id: b!._id, alt: 'x' }], coverId: null })).statusCode).toBe(400);
    expect((await arrange({ photos: [{ _id: a!._id, alt: 'x' }], coverId: null })).statusCode).toBe(400);
    expect((await arrange({ photos: [{ _id: a!._id, alt: 'x' }, { _id: b!._id, alt: 'y' }], coverId: 'ffffffffffffffffffffffff' })).statusCode).toBe(400);
    expect((await arrange({ photos: [{ _id: a!._id, alt: 'x' }, { _id: b!._id, alt: 'y' }], coverId: null }, tokens.parent)).statusCode).toBe(403);
  });

  it('replaces a photo’s image and keeps its alt text, place and cover; the old image goes', async () => {
    const cover = place.photos[0]!;
    const res = await ctx.app.inject({ method: 'PUT', url: `/api/places/${venue.id}/photos/${cover._id}`, headers: { ...auth(tokens.admin), 'content-type': 'image/webp' }, payload: await testPhoto('webp', { color: '#0000aa' }) });
    expect(res.statusCode, res.body).toBe(200);
    const after = placeSchema.parse(res.json()).photos[0]!;
    expect({ ...after, hash: '' }).toEqual({ ...cover, hash: '', color: after.color });
    expect(after.hash).not.toBe(cover.hash);
    expect(await findImage(ctx.app.db, cover.hash)).toBeUndefined();
    place = placeSchema.parse(res.json());
  });

  it('deletes a photo; when the cover goes, the next photo is the cover', async () => {
    const [cover, next] = place.photos;
    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/places/${venue.id}/photos/${cover!._id}`, headers: auth(tokens.admin) });
    expect(res.statusCode, res.body).toBe(200);
    const photos = placeSchema.parse(res.json()).photos;
    expect(photos).toEqual([{ ...next!, cover: true }]);
    expect(await findImage(ctx.app.db, cover!.hash)).toBeUndefined();
  });
});

describe('serving photos', () => {
  let hash: string;
  beforeAll(async () => {
    const venue = await createVenue(ctx.app.db, { name: 'Servebadet' });
    hash = placeSchema.parse((await upload(venue.id, await testPhoto('jpeg', { width: 2000, height: 1500, color: '#4488aa' }))).json()).photos[0]!.hash;
  });

  it('makes every variant in the background, from the database’s own list (a restart loses nothing)', async () => {
    await makePendingVariants(ctx.app.db, ctx.app.log, { limit: 100 });
    expect((await variantNames(ctx.app.db, hash)).sort()).toEqual([...PHOTO_VARIANTS].sort());
  });

  it.each([
    ['w480.avif', 'image/avif', 'heif', 480],
    ['w960.webp', 'image/webp', 'webp', 960],
    ['w1600.jpg', 'image/jpeg', 'jpeg', 1600],
    ['og.jpg', 'image/jpeg', 'jpeg', 1200],
  ] as const)('serves %s as %s, immutable, with an ETag (304 when it matches)', async (variant, type, format, width) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/images/${hash}/${variant}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(type);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]{32}-.+"$/);
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width]).toEqual([format, width]);
    if (variant === 'og.jpg') expect(meta.height).toBe(630);
    const again = await ctx.app.inject({ method: 'GET', url: `/api/images/${hash}/${variant}`, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('makes a missing variant on the first request', async () => {
    await ctx.app.db.execute(`delete from image_variants where hash = '${hash}' and variant = 'w480.webp'` as never);
    const res = await ctx.app.inject({ method: 'GET', url: `/api/images/${hash}/w480.webp` });
    expect(res.statusCode).toBe(200);
    expect(await variantNames(ctx.app.db, hash)).toContain('w480.webp');
  });

  it('makes a missing variant once for many requests at the same time (single flight, probe L2)', async () => {
    await ctx.app.db.execute(`delete from image_variants where hash = '${hash}' and variant = 'w1600.avif'` as never);
    const encode = vi.spyOn(processing, 'makeVariant');
    try {
      const answers = await Promise.all(Array.from({ length: 8 }, () => ctx.app.inject({ method: 'GET', url: `/api/images/${hash}/w1600.avif` })));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
      expect(new Set(answers.map((a) => a.headers.etag)).size).toBe(1);
      expect(encode.mock.calls.filter(([, variant]) => variant === 'w1600.avif')).toHaveLength(1);
    } finally {
      encode.mockRestore();
    }
  });

  it('answers 404 for an unknown image and 400 for a made-up variant', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: `/api/images/${'0'.repeat(64)}/w480.jpg` })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/images/${hash}/w2000.jpg` })).statusCode).toBe(400);
  });
});

describe('the upload rate limit (PHOTO_UPLOAD_RATE_LIMIT)', () => {
  it('refuses uploads past the limit with 429 and writes nothing', async () => {
    const limited = await createTestApp({ PHOTO_UPLOAD_RATE_LIMIT: '1' });
    try {
      const admin = await createUser(limited.app.db, { roles: ['admin', 'parent'] });
      const headers = { authorization: `Bearer ${(await limited.app.sessions.issue(admin.id)).token}`, 'content-type': 'image/jpeg' };
      const venue = await createVenue(limited.app.db, { name: 'Grensebadet' });
      const send = async (color: string) => limited.app.inject({ method: 'POST', url: `/api/places/${venue.id}/photos?alt=Bad`, headers, payload: await testPhoto('jpeg', { width: 32, height: 32, color }) });
      expect((await send('#111111')).statusCode).toBe(201);
      const res = await send('#222222');
      expect(res.statusCode).toBe(429);
      const place = placeSchema.parse((await limited.app.inject({ method: 'GET', url: `/api/places/${venue.id}` })).json());
      expect(place.photos).toHaveLength(1);
    } finally {
      await limited.close();
    }
  });
});
