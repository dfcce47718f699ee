import { randomBytes } from 'node:crypto';
import { TZDate } from '@date-fns/tz';
import { addMinutes, ore, ORDER_STATUSES, TIME_ZONE, type Ore, type OrderEventName, type OrderStatus } from '@app/shared';
import type { DbOrTx } from '../client';
import { children, courseInstructors, courses, faqs, newId, orderEvents, orders, participants, places, profileParents, profiles, seasons, terms, users } from '../schema';
import { humanReference, orderAdditionalInfo, orderReference } from '../../repos/orders.repo';

/**
 * Test data builders, shared by the integration tests and the demo seed (docs/architecture.md, convention 10).
 * Two layers: `*Values()` make insert rows in memory (the seed bulk-inserts them), `create*()` insert one thing
 * with sensible defaults and return the stored rows.
 */

export type NewPlace = typeof places.$inferInsert;
export type NewCourse = typeof courses.$inferInsert;
export type NewUser = typeof users.$inferInsert;
export type NewChild = typeof children.$inferInsert;
export type NewOrder = typeof orders.$inferInsert;
export type NewOrderEvent = typeof orderEvents.$inferInsert;
export type PlaceRow = typeof places.$inferSelect;
export type CourseRow = typeof courses.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type ChildRow = typeof children.$inferSelect;
export type ProfileRow = typeof profiles.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type OrderEventRow = typeof orderEvents.$inferSelect;

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

/** `count` weekly dates at `time` (Oslo), the first on the Oslo day of `first`; correct across DST changes. */
export function weeklyDates(first: Date, count: number, time: string): Date[] {
  const [y, mo, d] = osloDay(first);
  return Array.from({ length: count }, (_, i) => osloDateTime(y, mo, d + 7 * i, time));
}

// ---- row makers ---------------------------------------------------------------------------------------------

export function placeValues(overrides: Partial<NewPlace> = {}): NewPlace {
  return {
    name: `Testbasseng ${nextSequence()}-${unique()}`,
    address: 'Badeveien 1',
    zipCode: '0150',
    place: 'Oslo',
    info: 'Varmt vann og gode garderober.',
    published: true,
    ...overrides,
  };
}

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
export const ORDER_EVENT_PATHS: Record<OrderStatus, OrderEventName[]> = {
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

export interface OrderPeople {
  user?: { id: string; firstName: string; lastName: string } | null;
  child?: { id: string; firstName: string; lastName: string } | null;
  course?: { id: string; name: string; placeName?: string } | null;
  profileId?: string | null;
}

/**
 * An order and its events for a status, with plausible timestamps from `createdAt` on (never after `now`).
 * Amounts in øre; refunds are full refunds.
 */
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

export async function createVenue(db: DbOrTx, overrides: Partial<NewPlace> = {}): Promise<PlaceRow> {
  const [row] = await db.insert(places).values(placeValues(overrides)).returning();
  return row!;
}

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

export function createInstructor(db: DbOrTx, overrides: Partial<NewUser> = {}): Promise<UserRow> {
  return createUser(db, { roles: ['instructor'], ...overrides });
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
  const guardianSpecs = typeof options.guardians === 'number' || options.guardians === undefined
    ? Array.from({ length: options.guardians ?? 1 }, () => ({}))
    : options.guardians;
  const childSpecs = typeof options.children === 'number' || options.children === undefined
    ? Array.from({ length: options.children ?? 1 }, () => ({}))
    : options.children;

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

export interface CreateCourseOptions extends Omit<Partial<NewCourse>, 'dates' | 'placeId'> {
  /** The course's place; a new place is created when left out. */
  place?: { id: string };
  dates?: Date[];
  /** Without `dates`: weekly dates starting this many days from now (may be negative). Default 14. */
  startsInDays?: number;
  /** Without `dates`: how many weekly dates. Default 8. */
  weeks?: number;
  /** Fill every place with participants (new families), so freePlaces is 0. */
  full?: boolean;
  /** Children to put on the course, or how many new ones to create. */
  participants?: number | { id: string }[];
  instructors?: { id: string }[];
}

export type TestCourse = CourseRow & { place: { id: string }; participantChildIds: string[] };

export async function createCourse(db: DbOrTx, options: CreateCourseOptions = {}): Promise<TestCourse> {
  const { place: givenPlace, dates, startsInDays, weeks, full, participants: wanted, instructors, ...overrides } = options;
  const place = givenPlace ?? (await createVenue(db));
  const timeFrom = overrides.timeFrom ?? '09:00';
  const first = new Date(Date.now() + (startsInDays ?? 14) * DAY);
  const values = courseValues({
    ...overrides,
    placeId: place.id,
    timeFrom,
    dates: dates ?? weeklyDates(first, weeks ?? 8, timeFrom),
  });
  const [course] = await db.insert(courses).values(values).returning();

  if (instructors?.length) {
    await db.insert(courseInstructors).values(instructors.map((u) => ({ courseId: course!.id, userId: u.id })));
  }
  let childIds: string[] = [];
  if (Array.isArray(wanted)) childIds = wanted.map((c) => c.id);
  else {
    const count = full ? course!.maximumParticipants : (wanted ?? 0);
    if (count > 0) {
      const family = await createFamily(db, { children: count });
      childIds = family.children.map((c) => c.id);
    }
  }
  if (full && Array.isArray(wanted) && wanted.length < course!.maximumParticipants) {
    const family = await createFamily(db, { children: course!.maximumParticipants - wanted.length });
    childIds.push(...family.children.map((c) => c.id));
  }
  if (childIds.length) await addParticipants(db, course!.id, childIds);
  return { ...course!, place, participantChildIds: childIds };
}

export async function addParticipants(db: DbOrTx, courseId: string, childIds: readonly string[], orderId?: string) {
  if (!childIds.length) return;
  await db.insert(participants).values(childIds.map((childId) => ({ courseId, childId, orderId: orderId ?? null })));
}

/**
 * An order in any status with its event history. `enrol: true` also puts the child on the course (what a
 * captured or authorized booking does).
 */
export async function createOrder(
  db: DbOrTx,
  options: {
    status?: OrderStatus;
    course: { id: string; name: string; priceOre: Ore };
    child?: { id: string; firstName: string; lastName: string } | null;
    user?: { id: string; firstName: string; lastName: string } | null;
    profileId?: string | null;
    amountOre?: Ore;
    createdAt?: Date;
    holdExpiresAt?: Date | null;
    enrol?: boolean;
  },
): Promise<{ order: OrderRow; events: OrderEventRow[] }> {
  const status = options.status ?? 'captured';
  if (!ORDER_STATUSES.includes(status)) throw new Error(`unknown order status ${status}`);
  const built = orderWithEvents({
    status,
    amountOre: options.amountOre ?? options.course.priceOre,
    createdAt: options.createdAt ?? new Date(Date.now() - 10 * MINUTE),
    people: { user: options.user, child: options.child, course: options.course, profileId: options.profileId },
    id: newId(),
  });
  if (options.holdExpiresAt !== undefined) built.order.holdExpiresAt = options.holdExpiresAt;
  const [order] = await db.insert(orders).values(built.order).returning();
  const events = await db.insert(orderEvents).values(built.events).returning();
  if (options.enrol && options.child) await addParticipants(db, options.course.id, [options.child.id], order!.id);
  return { order: order!, events };
}

export async function createFaq(db: DbOrTx, overrides: Partial<typeof faqs.$inferInsert> = {}) {
  const [row] = await db
    .insert(faqs)
    .values({ question: `Spørsmål ${nextSequence()}?`, answer: 'Svar.', position: 0, ...overrides })
    .returning();
  return row!;
}

/** A season (decision 053); give each its own days: seasons never overlap. */
export async function createSeason(db: DbOrTx, values: { startsOn: string; endsOn: string; name?: string }) {
  const [row] = await db.insert(seasons).values({ name: `Sesong ${nextSequence()}`, ...values }).returning();
  return row!;
}

export async function createTerm(db: DbOrTx, overrides: Partial<typeof terms.$inferInsert> = {}) {
  const [row] = await db
    .insert(terms)
    .values({ category: 'Påmelding og betaling', text: `Regel ${nextSequence()}.`, priority: 0, ...overrides })
    .returning();
  return row!;
}
