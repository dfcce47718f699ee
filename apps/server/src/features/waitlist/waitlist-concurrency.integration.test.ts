import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countTaken } from '../../domain/enrolment/seats';
import { contextFor } from '../../context';
import { outbox, participants, waitlistEntries } from '../../db/schema';
import { createCourse, createFamily, createUser, type Family } from '../../test/builders';
import { startBookingTest, type BookingTest } from '../../test/booking';
import { processWaitlists } from './waitlist.service';

/**
 * Offers under concurrency (decision 016). PostgreSQL only: PGlite is one connection, so nothing overlaps there.
 * Two app instances share the database, as production instances do.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('waitlist offers under concurrency (PostgreSQL)', () => {
  let t: BookingTest;
  let adminToken: string;
  const ctxOf = (i: number) => ({ ...contextFor(t.instances[i]!.app), log: t.ctx.log });

  beforeAll(async () => {
    t = await startBookingTest({ instances: 2, poolSize: 8 });
    adminToken = await t.token((await createUser(t.db, { roles: ['parent', 'admin'] })).id);
  });
  afterAll(() => t?.close());

  async function waitOn(courseId: string, count: number): Promise<Family[]> {
    const families: Family[] = [];
    for (let i = 0; i < count; i++) {
      const family = await createFamily(t.db);
      await t.db.insert(waitlistEntries).values({ courseId, childId: family.children[0]!.id, userId: family.guardians[0]!.id });
      families.push(family);
    }
    return families;
  }

  it('two instances running the offer job make each offer once', async () => {
    const course = await createCourse(t.db, { maximumParticipants: 3, full: true });
    const waiting = await waitOn(course.id, 6);
    await t.db.delete(participants).where(eq(participants.courseId, course.id));
    const runs = await Promise.all(Array.from({ length: 8 }, (_, i) => processWaitlists(ctxOf(i % 2))));
    expect(runs.reduce((n, r) => n + r.offered, 0)).toBe(3);
    const offered = await t.db.select().from(waitlistEntries).where(and(eq(waitlistEntries.courseId, course.id), eq(waitlistEntries.status, 'offered')));
    // The first three in line, each once, with one e-mail each.
    expect(offered.map((e) => e.childId).sort()).toEqual(waiting.slice(0, 3).map((f) => f.children[0]!.id).sort());
    const mails = await t.db
      .select()
      .from(outbox)
      .where(inArray(outbox.to, waiting.map((f) => f.guardians[0]!.email!)));
    expect(mails).toHaveLength(3);
  });

  it('offers racing payment starts and admin moves on the last place give exactly the capacity', async () => {
    for (let round = 0; round < 3; round++) {
      const course = await createCourse(t.db, { maximumParticipants: 4, participants: 3 });
      await waitOn(course.id, 3);
      // Children the admin moves in from another course, and families racing to pay for the last place.
      const source = await createCourse(t.db, { maximumParticipants: 10, participants: 3 });
      const payers = await Promise.all(Array.from({ length: 6 }, () => createFamily(t.db)));
      const tokens = await Promise.all(payers.map((f) => t.token(f.guardians[0]!.id)));
      const results = await Promise.all([
        ...payers.map((f, i) =>
          t.http('POST', '/api/vipps/payment', {
            token: tokens[i],
            instance: i % 2,
            body: { userId: f.guardians[0]!.id, childId: f.children[0]!.id, courseId: course.id },
          }),
        ),
        ...source.participantChildIds.map((childId, i) =>
          t.http('POST', `/api/courses/${source.id}/participants/${childId}/move`, { token: adminToken, instance: i % 2, body: { courseId: course.id } }),
        ),
        processWaitlists(ctxOf(0)),
        processWaitlists(ctxOf(1)),
      ]);
      const responses = results.slice(0, payers.length + 3) as { status: number; text: string }[];
      for (const r of responses) expect([200, 409], r.text).toContain(r.status);
      const winners = responses.filter((r) => r.status === 200).length;
      const offers = await t.db.select().from(waitlistEntries).where(and(eq(waitlistEntries.courseId, course.id), eq(waitlistEntries.status, 'offered')));
      // Exactly one of them got the last place: a hold, a moved child or an offer; never more.
      expect(winners + offers.length).toBe(1);
      expect(await countTaken(t.db, course.id)).toBe(4);
      const enrolled = await t.db.select().from(participants).where(eq(participants.courseId, course.id));
      expect(enrolled.length).toBeLessThanOrEqual(4);
    }
  });
});
