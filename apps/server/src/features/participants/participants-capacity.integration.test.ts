import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, participants } from '../../db/schema';
import { createCourse, createFamily, createUser, type Family } from '../../test/builders';
import { startBookingTest, type BookingTest } from '../../test/booking';

/**
 * An admin's add and move race parents' payment starts for the LAST place of a course (docs/architecture.md, convention 9):
 * all of them decide under the same course row lock and count participants plus live holds, so the course never
 * ends up above its maximum, and exactly one of the racers gets the place. Over real HTTP, two app instances on one
 * database, many rounds so the interleavings differ.
 *
 * PostgreSQL only: PGlite is a single connection, so nothing overlaps inside the database there.
 */
const PARENTS = 24;
const ROUNDS = 8;

describe.skipIf(!process.env.TEST_DATABASE_URL)('admin add/move racing payment starts on the last place (PostgreSQL)', () => {
  let t: BookingTest;
  let adminToken: string;
  const families: { family: Family; token: string }[] = [];

  beforeAll(async () => {
    t = await startBookingTest({ instances: 2, poolSize: 10 });
    const admin = await createUser(t.db, { roles: ['parent', 'admin'] });
    adminToken = await t.token(admin.id);
    for (let i = 0; i < PARENTS; i++) {
      const family = await createFamily(t.db);
      families.push({ family, token: await t.token(family.guardians[0]!.id) });
    }
  });
  afterAll(() => t?.close());

  async function taken(courseId: string) {
    const [enrolled] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(participants)
      .where(eq(participants.courseId, courseId));
    const [held] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(eq(orders.courseId, courseId), eq(orders.status, 'created'), sql`${orders.holdExpiresAt} > now()`));
    return enrolled!.n + held!.n;
  }

  it.each(Array.from({ length: ROUNDS }, (_, i) => i))('round %i: one place, parents + an admin add + an admin move → exactly one wins', async (round) => {
    const course = await createCourse(t.db, { maximumParticipants: 4, participants: 3 });
    const source = await createCourse(t.db, { maximumParticipants: 4, participants: 1 });
    const moving = source.participantChildIds[0]!;
    const added = (await createFamily(t.db)).children[0]!;

    const requests = [
      ...families.map(({ family, token }, i) => () =>
        t.http('POST', '/api/vipps/payment', {
          instance: i % 2,
          token,
          body: { userId: family.guardians[0]!.id, childId: family.children[0]!.id, courseId: course.id },
        }),
      ),
      () => t.http('POST', `/api/courses/${course.id}/participants`, { instance: round % 2, token: adminToken, body: { id: added.id } }),
      () =>
        t.http('POST', `/api/courses/${source.id}/participants/${moving}/move`, {
          instance: (round + 1) % 2,
          token: adminToken,
          body: { courseId: course.id },
        }),
    ];
    // Rotate the start order each round, so the admin's requests are not always first or last.
    const shift = (round * 7) % requests.length;
    const ordered = [...requests.slice(shift), ...requests.slice(0, shift)];
    const results = await Promise.all(ordered.map((send) => send()));

    const ok = results.filter((r) => r.status === 200);
    const full = results.filter((r) => r.status === 409 && r.json?.error?.code === 'COURSE_FULL');
    const other = results.filter((r) => r.status !== 200 && !(r.status === 409 && r.json?.error?.code === 'COURSE_FULL'));
    expect(other.map((r) => `${r.status} ${r.text}`)).toEqual([]);
    expect(ok).toHaveLength(1);
    expect(full).toHaveLength(requests.length - 1);
    expect(await taken(course.id)).toBe(4);
    // A refused move leaves the child where it was; a successful one takes it off the old course.
    const movedIn = (await t.db.select().from(participants).where(and(eq(participants.courseId, course.id), eq(participants.childId, moving)))).length;
    const stillThere = (await t.db.select().from(participants).where(and(eq(participants.courseId, source.id), eq(participants.childId, moving)))).length;
    expect(movedIn + stillThere).toBe(1);
  });
});
