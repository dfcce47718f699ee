import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orders } from '../../db/schema';
import { createCourse, createFamily, createUser, type Family, type TestCourse } from '../../test/builders';
import { startBookingTest, type BookingTest } from '../../test/booking';

/**
 * Issue 36 finding 3, "free-place counts that agree with what a payment start will say": the public course lists count
 * live payment holds (and held offers) as taken, from the same expression as the payment start (seats.repo
 * takenSql). The public cache is on, as in production: a hold that starts or ends drops the cached answers (the NOTIFY
 * of migrations 0015 and 0021), and a list that shows a hold expires at its end (public-cache.ts LoadDeps.changesIn),
 * so a hold that runs out with time alone shows the place free again.
 */
let t: BookingTest;
beforeAll(async () => {
  t = await startBookingTest({ env: { PUBLIC_CACHE_TTL_MS: '600000' } });
});
afterAll(() => t.close());

async function pay(family: Family, course: TestCourse) {
  const guardian = family.guardians[0]!;
  return t.http('POST', '/api/vipps/payment', {
    token: await t.token(guardian.id),
    body: { userId: guardian.id, childId: family.children[0]!.id, courseId: course.id },
  });
}
const freeOn = async (path: string, course: TestCourse) => {
  const res = await t.http('GET', path);
  expect(res.status, res.text).toBe(200);
  return (res.json as { _id: string; freePlaces: number }[]).find((c) => c._id === course.id)?.freePlaces;
};
const venueList = (course: TestCourse) => `/api/places/${course.place.id}/courses`;

describe('the public free places (issue 36)', () => {
  it('a live payment hold is not shown as free, on the venue list and the list of all courses, and a payment start agrees', async () => {
    const course = await createCourse(t.db, { maximumParticipants: 1 });
    const allCourses = `/api/courses?startDate=${Date.now() - 86_400_000}`;
    expect(await freeOn(venueList(course), course)).toBe(1);
    expect(await freeOn(allCourses, course)).toBe(1);

    expect((await pay(await createFamily(t.db), course)).status).toBe(200);
    // Both cached answers are dropped by the hold's NOTIFY (delivered on commit).
    await vi.waitFor(async () => expect(await freeOn(venueList(course), course)).toBe(0), { timeout: 2_000, interval: 20 });
    await vi.waitFor(async () => expect(await freeOn(allCourses, course)).toBe(0), { timeout: 2_000, interval: 20 });
    const refused = await pay(await createFamily(t.db), course);
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe('COURSE_FULL');
  });

  it('a hold that runs out frees the place in the cached list at its end, with no change to any row', async () => {
    const course = await createCourse(t.db, { maximumParticipants: 1 });
    expect((await pay(await createFamily(t.db), course)).status).toBe(200);
    // The hold now ends in three seconds (this write's NOTIFY drops the list; the next load learns the end). Three, not
    // one: on a busy machine the checks before the end must still run before it.
    const [{ endsAt }] = (await t.db
      .update(orders)
      .set({ holdExpiresAt: sql`now() + interval '3 seconds'` })
      .where(eq(orders.courseId, course.id))
      .returning({ endsAt: orders.holdExpiresAt })) as [{ endsAt: Date }];
    await vi.waitFor(async () => expect(await freeOn(venueList(course), course)).toBe(0), { timeout: 3_000, interval: 20 });
    const size = t.app.publicCache.size;
    expect(size).toBeGreaterThan(0);
    // Still cached and still full a moment later (answered from the cache: no change drops it before the end).
    const stillFull = await freeOn(venueList(course), course);
    if (Date.now() < endsAt.getTime()) expect(stillFull).toBe(0);
    await vi.waitFor(async () => expect(await freeOn(venueList(course), course)).toBe(1), { timeout: 6_000, interval: 50 });
    expect((await t.db.select().from(orders).where(eq(orders.courseId, course.id)))[0]!.status).toBe('created');
    // And a payment start says the same: the place is free.
    expect((await pay(await createFamily(t.db), course)).status).toBe(200);
  });

  it('membership event "date cancelled": the cached public lists show it cancelled at once (its NOTIFY)', async () => {
    const course = await createCourse(t.db, { maximumParticipants: 3 });
    const cancelledOn = async () => {
      const res = await t.http('GET', venueList(course));
      expect(res.status, res.text).toBe(200);
      return (res.json as { _id: string; cancelledDates: string[] }[]).find((c) => c._id === course.id)?.cancelledDates;
    };
    expect(await cancelledOn()).toEqual([]);
    const date = new Date(course.dates[1]!).toISOString();
    const admin = await t.token((await createUser(t.db, { roles: ['parent', 'admin'] })).id);
    const res = await t.http('POST', `/api/courses/${course.id}/cancelled-dates`, { token: admin, body: { date, reason: 'Svømmestevne' } });
    expect(res.status, res.text).toBe(200);
    await vi.waitFor(async () => expect(await cancelledOn()).toEqual([date]), { timeout: 2_000, interval: 20 });
  });

  it("a hold's start and end send one NOTIFY; the reconciler's lease and redirect writes do not (migrations 0015, 0021)", async () => {
    const payloads: string[] = [];
    const listening = await t.instances[0]!.database.listen('public_lists', { onNotify: (p) => payloads.push(p), onLost: () => undefined, onReady: () => undefined });
    try {
      const course = await createCourse(t.db, { maximumParticipants: 3 });
      payloads.length = 0;
      expect((await pay(await createFamily(t.db), course)).status).toBe(200);
      await vi.waitFor(() => expect(payloads).toContain(''), { timeout: 2_000, interval: 10 });

      payloads.length = 0;
      await t.db.update(orders).set({ syncAfter: sql`now() + interval '1 minute'`, redirectUrl: 'https://example.test/x' }).where(eq(orders.courseId, course.id));
      await new Promise((r) => setTimeout(r, 200));
      expect(payloads).toEqual([]);

      await t.db.update(orders).set({ status: 'terminated' }).where(eq(orders.courseId, course.id));
      await vi.waitFor(() => expect(payloads).toEqual(['']), { timeout: 2_000, interval: 10 });
    } finally {
      await listening.close();
    }
  });
});
