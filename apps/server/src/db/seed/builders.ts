import { randomBytes } from 'node:crypto';
import { TZDate } from '@date-fns/tz';
import { addMinutes, ore, TIME_ZONE, type Ore, type OrderEventName, type OrderStatus } from '@app/shared';
import type { DbOrTx } from '../client';
import { children, courses, levels, newId, orderEvents, orders, places, profileParents, profiles, skills, users } from '../schema';
import { humanReference, orderAdditionalInfo, orderReference } from '../../repos/orders.repo';

/** Data builders: `*Values()` make insert rows in memory (bulk seed), `create*()` insert with defaults. */

export type NewPlace = typeof places.$inferInsert;
export type NewCourse = typeof courses.$inferInsert;
export type NewUser = typeof users.$inferInsert;
export type NewChild = typeof children.$inferInsert;
export type NewOrder = typeof orders.$inferInsert;
export type NewOrderEvent = typeof orderEvents.$inferInsert;
export type UserRow = typeof users.$inferSelect;
export type ChildRow = typeof children.$inferSelect;
export type ProfileRow = typeof profiles.$inferSelect;

// ---- randomness ---------------------------------------------------------------------------------------------

/** A number in [0, 1). The seed uses a seeded one (the demo is the same every time); tests may use Math.random. */
export type Rng = () => number;

/** mulberry32: small, fast and good enough for demo data. */
export function seededRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export const randomInt = (rng: Rng, min: number, max: number): number => min + Math.floor(rng() * (max - min + 1));
export const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;
export function shuffle<T>(rng: Rng, list: readonly T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** A 24-hex id from the given PRNG (deterministic demo ids), or a random one. */
export function makeId(rng?: Rng): string {
  if (!rng) return newId();
  let out = '';
  for (let i = 0; i < 24; i++) out += Math.floor(rng() * 16).toString(16);
  return out;
}

const unique = () => randomBytes(4).toString('hex');
let sequence = 0;
const nextSequence = () => ++sequence;

// ---- time -------------------------------------------------------------------------------------------------

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** The Oslo calendar day of an instant, as [year, monthIndex, day]. */
export function osloDay(instant: Date): [number, number, number] {
  const t = new TZDate(instant.getTime(), TIME_ZONE);
  return [t.getFullYear(), t.getMonth(), t.getDate()];
}

/** Oslo wall-clock time on an Oslo calendar day (day overflow allowed: day 35 is next month). */
export function osloDateTime(year: number, monthIndex: number, day: number, time: string): Date {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return new Date(new TZDate(year, monthIndex, day, h, m, TIME_ZONE).getTime());
}

// ---- row makers ---------------------------------------------------------------------------------------------

/** A course row: dates sorted, first/last date and end time (start + 30 min) derived. Price in øre. */
export function courseValues(
  input: Omit<Partial<NewCourse>, 'dates' | 'placeId'> & { placeId: string; dates: readonly Date[] },
): NewCourse {
  const dates = [...input.dates].sort((a, b) => a.getTime() - b.getTime());
  const timeFrom = input.timeFrom ?? '07:00';
  return {
    name: 'Babysvømming 1',
    experienceLevel: 'Nybegynner',
    participantsAge: '6–12 mnd',
    priceOre: ore(195_000),
    maximumParticipants: 8,
    info: '',
    published: true,
    ...input,
    timeFrom,
    timeTo: input.timeTo ?? addMinutes(timeFrom, 30),
    dates,
    firstDate: dates[0] ?? null,
    lastDate: dates.at(-1) ?? null,
  };
}

/** Which Vipps events an order in each status has been through (spec §3). */
const ORDER_EVENT_PATHS: Record<OrderStatus, OrderEventName[]> = {
  created: ['CREATED'],
  authorized: ['CREATED', 'AUTHORIZED'],
  captured: ['CREATED', 'AUTHORIZED', 'CAPTURED'],
  refunded: ['CREATED', 'AUTHORIZED', 'CAPTURED', 'REFUNDED'],
  cancelled: ['CREATED', 'AUTHORIZED', 'CANCELLED'],
  expired: ['CREATED', 'EXPIRED'],
  terminated: ['CREATED', 'TERMINATED'],
  aborted: ['CREATED', 'ABORTED'],
};

/** Seconds after the previous event, [min, max]. */
const EVENT_DELAY_S: Record<OrderEventName, [number, number]> = {
  CREATED: [0, 0],
  AUTHORIZED: [20, 180],
  CAPTURED: [1, 10],
  REFUNDED: [2 * 86_400, 20 * 86_400],
  CANCELLED: [300, 3_600],
  EXPIRED: [3_600, 3_600],
  TERMINATED: [300, 1_800],
  ABORTED: [10, 120],
};

const pspReference = (rng: Rng) => String(randomInt(rng, 1_000_000_000, 9_999_999_999));

interface OrderPeople {
  user?: { id: string; firstName: string; lastName: string } | null;
  child?: { id: string; firstName: string; lastName: string } | null;
  course?: { id: string; name: string; placeName?: string } | null;
  profileId?: string | null;
}

/** An order and its events, plausibly timed from `createdAt` (never after `now`); øre; refunds are full. */
export function orderWithEvents(input: {
  status: OrderStatus;
  amountOre: Ore;
  createdAt: Date;
  people?: OrderPeople;
  rng?: Rng;
  now?: Date;
  id?: string;
  reference?: string;
  humanReference?: string;
}): { order: NewOrder; events: NewOrderEvent[] } {
  const rng = input.rng ?? Math.random;
  const now = input.now ?? new Date();
  const orderId = input.id ?? makeId(input.rng);
  const people = input.people ?? {};
  let at = input.createdAt.getTime();
  const events: NewOrderEvent[] = ORDER_EVENT_PATHS[input.status].map((name) => {
    const [min, max] = EVENT_DELAY_S[name];
    at = Math.min(at + randomInt(rng, min, max) * 1000, Math.max(now.getTime(), input.createdAt.getTime()));
    return {
      id: makeId(input.rng),
      orderId,
      name,
      pspReference: pspReference(rng),
      amountOre: input.amountOre,
      currency: 'NOK',
      success: 'true',
      timestamp: new Date(at),
      createdAt: new Date(at),
    };
  });
  const order: NewOrder = {
    id: orderId,
    reference: input.reference ?? orderReference(orderId),
    humanReference: input.humanReference ?? humanReference(rng),
    provider: 'vipps',
    status: input.status,
    amountOre: input.amountOre,
    userId: people.user?.id ?? null,
    childId: people.child?.id ?? null,
    courseId: people.course?.id ?? null,
    profileId: people.profileId ?? null,
    additionalInfo: orderAdditionalInfo(people),
    holdExpiresAt: new Date(input.createdAt.getTime() + 15 * MINUTE),
    createdAt: input.createdAt,
    updatedAt: new Date(at),
  };
  return { order, events };
}

// ---- builders that insert ---------------------------------------------------------------------------------

const TEST_FIRST_NAMES = ['Nora', 'Emil', 'Sofie', 'Jakob', 'Ella', 'Noah', 'Maja', 'Oskar', 'Frida', 'Henrik'];
const TEST_LAST_NAMES = ['Hansen', 'Olsen', 'Larsen', 'Berg', 'Dahl', 'Lund', 'Moen', 'Strand', 'Lie', 'Eide'];

export async function createUser(db: DbOrTx, overrides: Partial<NewUser> = {}): Promise<UserRow> {
  const n = nextSequence();
  const firstName = overrides.firstName ?? TEST_FIRST_NAMES[n % TEST_FIRST_NAMES.length]!;
  const lastName = overrides.lastName ?? TEST_LAST_NAMES[n % TEST_LAST_NAMES.length]!;
  const [row] = await db
    .insert(users)
    .values({
      firstName,
      lastName,
      // As after a Vipps login: the name Vipps gave (override with null for an account Vipps never named).
      vippsFirstName: firstName,
      vippsLastName: lastName,
      email: `${firstName.toLowerCase()}.${n}.${unique()}@example.no`,
      phone: `479${String(randomInt(Math.random, 0, 9_999_999)).padStart(7, '0')}`,
      birthdate: '1988-05-17',
      address: 'Testveien 1',
      zipCode: '0150',
      place: 'Oslo',
      roles: ['parent'],
      ...overrides,
    })
    .returning();
  return row!;
}

export interface Family {
  profile: ProfileRow;
  /** Position order: guardians[0] owns the profile. */
  guardians: UserRow[];
  children: ChildRow[];
}

/** A profile with guardians (default 1) and children (default 1, aged 1 year unless given). */
export async function createFamily(
  db: DbOrTx,
  options: {
    children?: number | Partial<NewChild>[];
    guardians?: number | Partial<NewUser>[];
    lastName?: string;
  } = {},
): Promise<Family> {
  const lastName = options.lastName ?? TEST_LAST_NAMES[nextSequence() % TEST_LAST_NAMES.length]!;
  const specs = <T>(given: number | T[] | undefined): Partial<T>[] =>
    Array.isArray(given) ? given : Array.from({ length: given ?? 1 }, () => ({}));
  const guardianSpecs = specs(options.guardians);
  const childSpecs = specs(options.children);

  const [profile] = await db.insert(profiles).values({}).returning();
  const guardians: UserRow[] = [];
  for (const spec of guardianSpecs) guardians.push(await createUser(db, { lastName, ...spec }));
  if (guardians.length) {
    await db
      .insert(profileParents)
      .values(guardians.map((g, position) => ({ profileId: profile!.id, userId: g.id, position })));
  }
  let kids: ChildRow[] = [];
  if (childSpecs.length) {
    kids = await db
      .insert(children)
      .values(
        childSpecs.map((spec, i) => ({
          profileId: profile!.id,
          firstName: TEST_FIRST_NAMES[(nextSequence() + i) % TEST_FIRST_NAMES.length]!,
          lastName,
          birthdate: new Date(Date.now() - (365 + i * 400) * DAY).toISOString().slice(0, 10),
          ...spec,
        })),
      )
      .returning();
  }
  return { profile: profile!, guardians, children: kids };
}


export type LadderLevel = { id: string; name: string; skillIds: string[] };

/** The ladder (decision 057): levels bottom first, each with its skills in order. */
export async function createLadder(db: DbOrTx, ladder: readonly { name: string; skills: readonly string[] }[]): Promise<LadderLevel[]> {
  const created: LadderLevel[] = [];
  for (const [position, level] of ladder.entries()) {
    const [row] = await db.insert(levels).values({ name: level.name, position }).returning({ id: levels.id });
    const skillRows = level.skills.length
      ? await db.insert(skills).values(level.skills.map((description, i) => ({ levelId: row!.id, description, position: i }))).returning({ id: skills.id })
      : [];
    created.push({ id: row!.id, name: level.name, skillIds: skillRows.map((r) => r.id) });
  }
  return created;
}
