import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ore } from '@app/shared';
import { contextFor } from '../../context';
import { movableClock } from '../../test/clock';
import { calendarFeeds, childCare, children, familyCredits, orders, outbox, retentionRuns, users } from '../../db/schema';
import { createCourse, createFamily, createOrder, createUser } from '../../test/builders';
import { seedDemoDataIfEmpty } from '../../db/seed';
import { createTestApp, type TestContext } from '../../test/app';
import * as retention from './retention.service';

/**
 * Issue 39 with a controllable clock: the dry run and the run agree, a child with a future course stays, orders keep
 * their amounts with names replaced, guardians are warned 30 days before (with a keep link), notes go 30 days after
 * the last course.
 */
const DAY = 86_400_000;
const T0 = Date.now();
const months = (n: number) => {
  const d = new Date(T0);
  d.setUTCMonth(d.getUTCMonth() + n);
  return d.getTime();
};

const clock = movableClock(T0);
let ctx: TestContext | undefined;
beforeAll(async () => {
  ctx = await createTestApp({}, { clock });
}, 60_000);
afterAll(() => ctx?.close());
// The planner sees the whole database: each test starts from an empty one (one app, so no test waits for a new one).
beforeEach(async () => {
  clock.set(T0);
  await ctx!.database.db.execute(sql`truncate users, profiles, places, orders, outbox, retention_runs, retention_keep_links, terms, faqs cascade`);
});

async function start() {
  const service = () => contextFor(ctx!.app);
  return { clock, db: ctx!.database.db, service };
}

const ids = (list: { id: string }[]) => list.map((x) => x.id).sort();

// Each test is several runs of the job over the whole database: more than the default 5 s on a busy machine.
describe('retention', { timeout: 30_000 }, () => {
  it('deletes exactly what the dry run listed, never a child with a future course, and keeps orders without names', async () => {
    const { clock, db, service } = await start();
    const ended = await createCourse(db, { dates: [new Date(T0 - 10 * DAY)] });
    const a = await createFamily(db, { lastName: 'Avsluttet' });
    const { order } = await createOrder(db, { course: ended, child: a.children[0]!, user: a.guardians[0]!, profileId: a.profile.id, enrol: true });
    await db.insert(childCare).values({ childId: a.children[0]!.id, emergencyName: 'Mormor', emergencyPhone: '4791234567' });
    const b = await createFamily(db, { lastName: 'Fremtid' });
    const future = await createCourse(db, { dates: [new Date(months(15))] });
    await createOrder(db, { course: ended, child: b.children[0]!, user: b.guardians[0]!, profileId: b.profile.id, enrol: true });
    await createOrder(db, { course: future, child: b.children[0]!, user: b.guardians[0]!, profileId: b.profile.id, enrol: true });
    const c = await createFamily(db, { lastName: 'Aldribooket' });
    const staff = await createUser(db, { roles: ['parent', 'instructor'] });

    // Not yet: nothing planned a month in.
    clock.set(T0 + 30 * DAY);
    expect(await retention.plan(service())).toMatchObject({ children: [], guardians: [], guardianWarnings: [] });

    // The warning round, 20 days before the guardians' day.
    clock.set(months(12) - 20 * DAY);
    const warned = await retention.run(service());
    expect(warned.children).toEqual([]);
    expect(ids(warned.guardianWarnings)).toEqual([a.guardians[0]!.id, c.guardians[0]!.id].sort());

    clock.set(months(14));
    const dry = await retention.dryRun(service());
    const done = await retention.run(service());
    expect(done.children.map((k) => k.id).sort()).toEqual(dry.children.map((k) => k._id).sort());
    expect(done.guardians.map((g) => g.id).sort()).toEqual(dry.guardians.map((g) => g._id).sort());
    expect(ids(done.children)).toEqual([a.children[0]!.id, c.children[0]!.id].sort());
    expect(ids(done.guardians)).toEqual([a.guardians[0]!.id, c.guardians[0]!.id].sort());
    expect(ids(done.emergencyContacts)).toEqual([a.children[0]!.id]);

    // What was listed is gone, and nothing else.
    const leftKids = (await db.select({ id: children.id }).from(children)).map((r) => r.id);
    expect(leftKids).toEqual([b.children[0]!.id]);
    const leftUsers = (await db.select({ id: users.id }).from(users).where(inArray(users.id, [a.guardians[0]!.id, b.guardians[0]!.id, c.guardians[0]!.id, staff.id]))).map((r) => r.id);
    expect(leftUsers.sort()).toEqual([b.guardians[0]!.id, staff.id].sort());

    // Bookkeeping: the order and its amount stay, the names in it do not.
    const [kept] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept!.amountOre).toBe(order.amountOre);
    expect(kept!.childId).toBeNull();
    expect(kept!.userId).toBeNull();
    expect(JSON.stringify(kept!.additionalInfo)).not.toContain('Avsluttet');

    // The log has counts, no names; a second run the same day finds nothing.
    const runs = await db.select().from(retentionRuns);
    expect(runs.map((r) => [r.children, r.guardians, r.emergencyContacts]).sort()).toEqual([[0, 0, 0], [2, 2, 1]]);
    expect(await retention.runIfDue(service())).toBeNull();
    expect((await retention.plan(service())).children).toEqual([]);
  });

  it('never deletes a family with unexpired credit (issue 38); once the credit has expired, it goes as any other', async () => {
    const { clock, db, service } = await start();
    const credited = await createFamily(db, { lastName: 'Tilgode' });
    const plain = await createFamily(db, { lastName: 'Utentilgode' });
    await db.insert(familyCredits).values({ profileId: credited.profile.id, amountOre: ore(25_000), reason: 'Avlyst', expiresAt: new Date(months(20)) });
    clock.set(months(14));
    const planned = await retention.plan(service());
    expect(ids(planned.children)).toEqual([plain.children[0]!.id]);
    clock.set(months(21));
    expect(ids((await retention.plan(service())).children)).toEqual([credited.children[0]!.id, plain.children[0]!.id].sort());
  });

  it('membership event "guardian account deleted" (by retention): the family feed gets a new address and the remaining guardian is told', async () => {
    const { clock, db, service } = await start();
    const family = await createFamily(db, { guardians: 2, children: 0 });
    const [owner, leaving] = family.guardians as [(typeof family.guardians)[number], (typeof family.guardians)[number]];
    await db.update(users).set({ lastLogin: new Date(months(6)) }).where(eq(users.id, owner.id));
    await db.insert(calendarFeeds).values({ profileId: family.profile.id, secretHash: 'f'.repeat(64), createdAt: new Date(T0) });

    clock.set(months(12) - 30 * DAY + 60_000);
    await retention.run(service());
    clock.set(months(12) + 60_000);
    expect(ids((await retention.run(service())).guardians)).toEqual([leaving.id]);

    const [feed] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.profileId, family.profile.id));
    expect(feed!.secretHash).not.toBe('f'.repeat(64));
    const told = await db.select().from(outbox).where(eq(outbox.to, owner.email!));
    expect(told.map((m) => m.subject)).toEqual(['Familiekalenderen har fått ny adresse']);
  });

  it('e-mails the guardian 30 days before, and the keep link keeps the account', async () => {
    const { clock, db, service } = await start();
    const family = await createFamily(db, { children: 0 });
    const guardian = family.guardians[0]!;

    clock.set(months(12) - 31 * DAY);
    expect((await retention.plan(service())).guardianWarnings).toEqual([]);
    // The guardian registered a moment after T0 (the database's own clock): a minute later is 30 days before.
    clock.set(months(12) - 30 * DAY + 60_000);
    await retention.run(service());
    const [mail] = await db.select().from(outbox).where(eq(outbox.to, guardian.email!));
    expect(mail!.subject).toContain('slettes');
    const secret = /\/behold-konto#([A-Za-z0-9_-]{43})/.exec(mail!.text)![1]!;
    expect(await db.select().from(outbox)).toHaveLength(1);

    // The link's page shows whose account, then one tap keeps it; the link is used up.
    const open = await ctx!.app.inject({ method: 'POST', url: '/api/retention/keep/open', payload: { secret } });
    expect(open.json()).toMatchObject({ firstName: guardian.firstName });
    expect(open.headers['cache-control']).toContain('no-store');
    expect(open.headers['referrer-policy']).toBe('no-referrer');
    expect((await ctx!.app.inject({ method: 'POST', url: '/api/retention/keep', payload: { secret } })).statusCode).toBe(200);
    expect((await ctx!.app.inject({ method: 'POST', url: '/api/retention/keep', payload: { secret } })).statusCode).toBe(404);

    clock.set(months(13));
    const later = await retention.plan(service());
    expect(later.guardians).toEqual([]);
    expect(later.guardianWarnings).toEqual([]);
    expect((await db.select().from(users).where(eq(users.id, guardian.id))).length).toBe(1);
  });

  it('deletes the health note 30 days after the last course, after a warning, and keeps the child', async () => {
    const { clock, db, service } = await start();
    const course = await createCourse(db, { dates: [new Date(T0 - DAY)] });
    const family = await createFamily(db);
    const child = family.children[0]!;
    await createOrder(db, { course, child, user: family.guardians[0]!, profileId: family.profile.id, enrol: true });
    await db.insert(childCare).values({ childId: child.id, healthNote: 'Astma', healthConsentAt: new Date(T0 - 60 * DAY), photoConsent: true });
    const end = course.dates.at(-1)!.getTime();
    const note = async () => (await db.select().from(childCare).where(eq(childCare.childId, child.id)))[0]!.healthNote;

    clock.set(end + 22 * DAY);
    await retention.run(service());
    expect(await db.select().from(outbox)).toHaveLength(0);
    clock.set(end + 23 * DAY);
    const warned = await retention.run(service());
    expect(ids(warned.healthNoteWarnings)).toEqual([child.id]);
    const [mail] = await db.select().from(outbox);
    expect(mail!.to).toBe(family.guardians[0]!.email);
    expect(mail!.subject).toContain('Helseopplysningene');

    clock.set(end + 30 * DAY - 60_000);
    expect((await retention.run(service())).healthNotes).toEqual([]);
    expect(await note()).toBe('Astma');
    clock.set(end + 30 * DAY);
    expect(ids((await retention.run(service())).healthNotes)).toEqual([child.id]);
    expect(await note()).toBeNull();
    const [row] = await db.select().from(childCare).where(eq(childCare.childId, child.id));
    expect(row!.photoConsent).toBe(true);
    expect((await db.select().from(children).where(eq(children.id, child.id))).length).toBe(1);
  });

  it('money event "credit given": unexpired family credit keeps the family, not the health note past its 30 days (probe L9)', async () => {
    const { clock, db, service } = await start();
    const course = await createCourse(db, { dates: [new Date(T0 - DAY)] });
    const family = await createFamily(db, { lastName: 'Tilgode' });
    const child = family.children[0]!;
    await createOrder(db, { course, child, user: family.guardians[0]!, profileId: family.profile.id, enrol: true });
    await db.insert(childCare).values({ childId: child.id, healthNote: 'Astma', healthConsentAt: new Date(T0 - 60 * DAY) });
    await db.insert(familyCredits).values({ profileId: family.profile.id, amountOre: ore(54_374), reason: 'Avlyst', expiresAt: new Date(months(12)) });
    const end = course.dates.at(-1)!.getTime();

    clock.set(end + 23 * DAY);
    expect(ids((await retention.run(service())).healthNoteWarnings)).toEqual([child.id]);
    clock.set(end + 30 * DAY);
    const done = await retention.run(service());
    expect(ids(done.healthNotes)).toEqual([child.id]);
    expect(done.children).toEqual([]);
    expect((await db.select().from(childCare).where(eq(childCare.childId, child.id)))[0]!.healthNote).toBeNull();
    expect((await db.select().from(familyCredits).where(eq(familyCredits.profileId, family.profile.id))).length).toBe(1);
  });

  it('finds nothing to delete or warn about in a freshly seeded demo (npm start)', async () => {
    const { db, service } = await start();
    await seedDemoDataIfEmpty(db, new Date(T0));
    const p = await retention.plan(service());
    const counts = Object.fromEntries(Object.entries(p).filter(([k]) => k !== 'at').map(([k, v]) => [k, (v as unknown[]).length]));
    expect(counts).toEqual({ children: 0, healthNotes: 0, emergencyContacts: 0, guardians: 0, guardianWarnings: 0, healthNoteWarnings: 0 });
  });
});
