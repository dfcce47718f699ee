import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addParticipants, createCourse, createFamily, createVenue, createUser } from '../../test/builders';
import { asAdmin, asParent, countingDatabase } from '../../test/query-count';
import { listPlaceCourses } from '../courses/courses.service';
import { courseHistory } from '../users/users.service';
import { listProfiles, profileOverview } from './profiles.service';

/**
 * The profile page's lists and a venue's course list make a fixed number of queries whatever their length (issue 43):
 * counted for 1 and for 20 children or courses, through the database's query log.
 */
let t: Awaited<ReturnType<typeof countingDatabase>>;
beforeAll(async () => {
  t = await countingDatabase();
});
afterAll(() => t.database.close());

/** A family of `n` children, each on a course of its own. */
async function familyOnCourses(n: number) {
  const family = await createFamily(t.db, { children: n });
  for (const child of family.children) await addParticipants(t.db, (await createCourse(t.db)).id, [child.id]);
  return { family, ctx: t.contextOf(asParent(family.guardians[0]!.id)) };
}

describe('queries per list, whatever its length', () => {
  it("the family's profiles and its children's course history: the same for 1 and for 20 children", async () => {
    const one = await familyOnCourses(1);
    const twenty = await familyOnCourses(20);
    const ids = (f: typeof one) => f.family.children.map((c) => c.id);
    expect((await courseHistory(twenty.ctx, ids(twenty))).length).toBe(20);
    // One at a time: the counter is the database's, shared by whatever runs at once.
    const history = [];
    const profiles = [];
    for (const f of [one, twenty]) {
      history.push(await t.queriesOf(() => courseHistory(f.ctx, ids(f))));
      profiles.push(await t.queriesOf(() => listProfiles(f.ctx)));
    }
    expect(history[0]).toBeGreaterThan(0);
    expect(history[1]).toBe(history[0]);
    expect(profiles[1]).toBe(profiles[0]);
  });

  it("the admin's view of a family: the same for 1 and for 20 children", async () => {
    const admin = t.contextOf(asAdmin((await createUser(t.db, { roles: ['parent', 'admin'] })).id));
    const one = await familyOnCourses(1);
    const twenty = await familyOnCourses(20);
    const counts = [];
    for (const f of [one, twenty]) counts.push(await t.queriesOf(() => profileOverview(admin, f.family.profile.id)));
    expect(counts[1]).toBe(counts[0]);
  });

  it("a venue's course list: the same for 1 and for 20 courses", async () => {
    const visitor = t.contextOf(null);
    const counts = [];
    for (const n of [1, 20]) {
      const place = await createVenue(t.db);
      for (let i = 0; i < n; i += 1) await createCourse(t.db, { place, participants: 2 });
      expect((await listPlaceCourses(visitor, place.id, {})).length).toBe(n);
      counts.push(await t.queriesOf(() => listPlaceCourses(visitor, place.id, {})));
    }
    expect(counts[0]).toBeGreaterThan(0);
    expect(counts[1]).toBe(counts[0]);
  });
});
