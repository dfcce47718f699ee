import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { courses, orders } from '../../db/schema';
import { createCourse, createFamily, createVenue, createUser, type TestCourse } from '../../test/builders';
import { submitLandingPage } from '../../test/epayment';
import { insertTestPhoto } from '../../test/images';
import { startBookingTest, type BookingTest } from '../../test/booking';

/**
 * Decision 017: two instances (buildApp twice) on one PostgreSQL, each with its own public-lists cache. A change
 * committed through one instance reaches the other's cache through NOTIFY public_lists (the database's triggers):
 * the other answers the new data at once, not after a TTL (the cache's max age here is 10 minutes).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('public lists cache across two instances (PostgreSQL)', () => {
  let t: BookingTest;
  let adminToken: string;
  let course: TestCourse;
  let otherVenueCourse: TestCourse;
  const listPath = () => `/api/places/${course.placeId}/courses`;

  beforeAll(async () => {
    t = await startBookingTest({ instances: 2, env: { PUBLIC_CACHE_TTL_MS: '600000' } });
    const admin = await createUser(t.db, { roles: ['admin'] });
    adminToken = await t.token(admin.id);
    const place = await createVenue(t.db, { name: 'Nydalen Bad' });
    course = await createCourse(t.db, { place, maximumParticipants: 3 });
    // Enough courses that the list is over the compression threshold.
    for (let i = 0; i < 6; i++) await createCourse(t.db, { place, maximumParticipants: 8 });
    otherVenueCourse = await createCourse(t.db, { place: await createVenue(t.db, { name: 'Holmlia Bad' }), name: 'Babysvøm Holmlia' });
  }, 60_000);
  afterAll(() => t?.close());

  /** NOTIFY arrives on the other instance's LISTEN connection a moment after the commit: a few ms, never a TTL. */
  const soon = { timeout: 1_000, interval: 5 };

  const freePlacesOn = async (instance: number) => {
    const res = await t.http('GET', listPath(), { instance });
    expect(res.status).toBe(200);
    return (res.json as { _id: string; freePlaces: number }[]).find((c) => c._id === course.id)!.freePlaces;
  };

  it('answers with an ETag, 304 for If-None-Match, and the cached body in brotli or gzip', async () => {
    const first = await t.http('GET', listPath(), { instance: 1 });
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers.get('vary')).toMatch(/accept-encoding/i);

    const again = await t.http('GET', listPath(), { instance: 1, headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    // The other instance made the same body: the same ETag.
    expect((await t.http('GET', listPath(), { instance: 0, headers: { 'if-none-match': etag } })).status).toBe(304);

    for (const encoding of ['br', 'gzip'] as const) {
      // Raw bytes: node:http does not decode, so the test sees what was sent.
      const res = await rawGet(`${t.instances[1]!.url}${listPath()}`, { 'accept-encoding': encoding });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.etag).toBe(etag);
      const text = (encoding === 'br' ? brotliDecompressSync(res.body) : gunzipSync(res.body)).toString('utf8');
      expect(text).toBe(first.text);
    }
  });

  it('a venue photo added: instance 1 shows it at once (the place_photos trigger, issue 41)', async () => {
    type Listed = { _id: string; name: string; photos: unknown[] };
    const photosOf = async () => ((await t.http('GET', '/api/places', { instance: 1 })).json as Listed[]).find((p) => p.name === 'Holmlia Bad')!;
    const venue = await photosOf();
    expect(venue.photos).toEqual([]);
    await insertTestPhoto(t.db, venue._id);
    await vi.waitFor(async () => expect((await photosOf()).photos).toHaveLength(1), soon);
  });

  it('an admin edit on instance 0: instance 1 answers the new data at once', async () => {
    const before = await t.http('GET', '/api/places', { instance: 1 });
    const etag = before.headers.get('etag')!;
    expect((before.json as { name: string }[]).map((p) => p.name)).toContain('Nydalen Bad');
    // And instance 1 keeps answering from its cache meanwhile.
    expect((await t.http('GET', '/api/places', { instance: 1, headers: { 'if-none-match': etag } })).status).toBe(304);

    const place = (before.json as { _id: string; name: string; address: string; zipCode: string; place: string }[]).find((p) => p.name === 'Nydalen Bad')!;
    const edit = await t.http('PATCH', `/api/places/${place._id}`, {
      instance: 0,
      token: adminToken,
      body: { name: 'Nydalen Svømmehall', address: place.address, zipCode: place.zipCode, place: place.place, info: '', published: true, image: null },
    });
    expect(edit.status, edit.text).toBe(200);

    await vi.waitFor(async () => {
      const after = await t.http('GET', '/api/places', { instance: 1, headers: { 'if-none-match': etag } });
      expect(after.status).toBe(200);
      expect((after.json as { name: string }[]).map((p) => p.name)).toContain('Nydalen Svømmehall');
      expect(after.headers.get('etag')).not.toBe(etag);
    }, soon);
    // The course list names the place too.
    await vi.waitFor(async () => {
      const list = await t.http('GET', listPath(), { instance: 1 });
      expect((list.json as { place: { name: string } }[])[0]!.place.name).toBe('Nydalen Svømmehall');
    }, soon);
  });

  it("a booking paid through instance 0: instance 1 shows the place taken at once, and drops other venues' lists too (decision 023)", async () => {
    expect(await freePlacesOn(1)).toBe(3);
    expect(await freePlacesOn(0)).toBe(3);
    // Instance 1 holds the other venue's list. That venue's course is then renamed with the triggers off (no NOTIFY),
    // so what instance 1 answers shows whether it kept the entry or loaded it again.
    const otherList = `/api/places/${otherVenueCourse.placeId}/courses`;
    const otherName = async (url: string) => (await t.http('GET', url, { instance: 1 })).json[0].name as string;
    expect(await otherName(otherList)).toBe('Babysvøm Holmlia');
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.update(courses).set({ name: 'Omdøpt uten varsel' }).where(eq(courses.id, otherVenueCourse.id));
    });
    expect(await otherName(otherList)).toBe('Babysvøm Holmlia');

    const family = await createFamily(t.db);
    const token = await t.token(family.guardians[0]!.id);
    const start = await t.http('POST', '/api/vipps/payment', {
      instance: 0,
      token,
      body: { userId: family.guardians[0]!.id, childId: family.children[0]!.id, courseId: course.id },
    });
    expect(start.status, start.text).toBe(200);
    const [order] = await t.db.select().from(orders).where(eq(orders.childId, family.children[0]!.id));
    await submitLandingPage(start.json.redirectUrl as string, 'Betal');
    await t.sim.control.webhooksIdle();
    const status = await t.http('GET', `/api/vipps/payment/${order!.reference}`, { instance: 0, token });
    expect(status.json).toMatchObject({ status: 'captured', enrolled: true });

    await vi.waitFor(async () => expect(await freePlacesOn(1)).toBe(2), soon);
    expect(await freePlacesOn(0)).toBe(2);
    // Every NOTIFY drops every answer, whatever its payload: the other venue's list is loaded again.
    expect(await otherName(otherList)).toBe('Omdøpt uten varsel');
  });

  it('a participant removed by an admin on instance 1 (a refund taking a child off): instance 0 sees it at once', async () => {
    const [order] = await t.db.select().from(orders).where(eq(orders.courseId, course.id));
    expect(await freePlacesOn(0)).toBe(2);
    const removed = await t.http('DELETE', `/api/courses/${course.id}/participants/${order!.childId}`, { instance: 1, token: adminToken });
    expect(removed.status, removed.text).toBe(200);
    await vi.waitFor(async () => expect(await freePlacesOn(0)).toBe(3), soon);
  });
});

async function rawGet(url: string, headers: Record<string, string>): Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  const http = await import('node:http');
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}
