import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { movableClock, type ServiceContext } from '../../context';
import type { Database } from '../../db/client';
import { createCourse, createFamily, createUser } from '../../db/seed/builders';
import { parseEnv } from '../../env';
import * as waitlist from '../../repos/waitlist.repo';
import { createTestDatabase } from '../../test/db';
import { myWaitlist, waitlistOverview } from './waitlist.service';

/**
 * The family's waitlist and the admin's overview make a fixed number of queries whatever their length (issue 43):
 * counted for 1 and for 20 entries, through the database's query log.
 */
let database: Database;
let queries = 0;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined };
const env = parseEnv({ NODE_ENV: 'test', SEED_DEMO_DATA: 'false' });

beforeAll(async () => {
  database = await createTestDatabase({ onQuery: () => (queries += 1) });
});
afterAll(() => database.close());

function contextOf(viewer: ServiceContext['viewer']): ServiceContext {
  return { db: database.db, env, log: silent, viewer, clock: movableClock(Date.now()), payments: undefined as never };
}

async function queriesOf(work: () => Promise<unknown>): Promise<number> {
  queries = 0;
  await work();
  return queries;
}

/** A family whose `n` children each wait for a full course of their own. */
async function familyWaiting(n: number) {
  const family = await createFamily(database.db, { children: n });
  for (const child of family.children) {
    const course = await createCourse(database.db, { maximumParticipants: 1, full: true, startsInDays: 14 });
    await waitlist.insertEntry(database.db, { courseId: course.id, childId: child.id, userId: family.guardians[0]!.id });
  }
  return contextOf({ id: family.guardians[0]!.id, roles: ['parent'], isAdmin: false, isInstructor: false });
}

describe('queries per list, whatever its length', () => {
  it("a family's waitlist: the same for 1 and for 20 entries", async () => {
    const one = await familyWaiting(1);
    const twenty = await familyWaiting(20);
    expect((await myWaitlist(twenty)).length).toBe(20);
    const forOne = await queriesOf(() => myWaitlist(one));
    const forTwenty = await queriesOf(() => myWaitlist(twenty));
    expect(forOne).toBeGreaterThan(0);
    expect(forTwenty).toBe(forOne);
  });

  it("the admin's overview: the same for 1 and for 20 courses", async () => {
    const fresh = await createTestDatabase({ onQuery: () => (queries += 1) });
    const previous = database;
    database = fresh;
    try {
      const admin = await createUser(database.db, { roles: ['parent', 'admin'] });
      const ctx = contextOf({ id: admin.id, roles: ['parent', 'admin'], isAdmin: true, isInstructor: false });
      await familyWaiting(1);
      const forOne = await queriesOf(() => waitlistOverview(ctx));
      await familyWaiting(19);
      expect((await waitlistOverview(ctx)).length).toBe(20);
      const forTwenty = await queriesOf(() => waitlistOverview(ctx));
      expect(forTwenty).toBe(forOne);
    } finally {
      database = previous;
      await fresh.close();
    }
  });
});
