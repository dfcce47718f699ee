import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse, createFamily, createUser } from '../../test/builders';
import * as waitlist from '../../repos/waitlist.repo';
import { asAdmin, asParent, countingDatabase } from '../../test/query-count';
import { myWaitlist, waitlistOverview } from './waitlist.service';

/**
 * The family's waitlist and the admin's overview make a fixed number of queries whatever their length (issue 43):
 * counted for 1 and for 20 entries, through the database's query log.
 */
let t: Awaited<ReturnType<typeof countingDatabase>>;
beforeAll(async () => {
  t = await countingDatabase();
});
afterAll(() => t.database.close());

/** A family whose `n` children each wait for a full course of their own. */
async function familyWaiting(n: number) {
  const family = await createFamily(t.db, { children: n });
  for (const child of family.children) {
    const course = await createCourse(t.db, { maximumParticipants: 1, full: true, startsInDays: 14 });
    await waitlist.insertEntry(t.db, { courseId: course.id, childId: child.id, userId: family.guardians[0]!.id });
  }
  return t.contextOf(asParent(family.guardians[0]!.id));
}

describe('queries per list, whatever its length', () => {
  it("a family's waitlist: the same for 1 and for 20 entries", async () => {
    const one = await familyWaiting(1);
    const twenty = await familyWaiting(20);
    expect((await myWaitlist(twenty)).length).toBe(20);
    const forOne = await t.queriesOf(() => myWaitlist(one));
    const forTwenty = await t.queriesOf(() => myWaitlist(twenty));
    expect(forOne).toBeGreaterThan(0);
    expect(forTwenty).toBe(forOne);
  });

  it("the admin's overview: the same for 1 and for 20 courses", async () => {
    const previous = t;
    t = await countingDatabase();
    try {
      const admin = await createUser(t.db, { roles: ['parent', 'admin'] });
      const ctx = t.contextOf(asAdmin(admin.id));
      await familyWaiting(1);
      const forOne = await t.queriesOf(() => waitlistOverview(ctx));
      await familyWaiting(19);
      expect((await waitlistOverview(ctx)).length).toBe(20);
      const forTwenty = await t.queriesOf(() => waitlistOverview(ctx));
      expect(forTwenty).toBe(forOne);
    } finally {
      await t.database.close();
      t = previous;
    }
  });
});
