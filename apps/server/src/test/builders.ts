import { randomBytes } from 'node:crypto';
import { ORDER_STATUSES, type Ore, type OrderStatus } from '@app/shared';
import type { DbOrTx } from '../db/client';
import { courseInstructors, courses, faqs, newId, orderEvents, orders, participants, places, seasons, terms } from '../db/schema';
import {
  courseValues,
  createFamily,
  createUser,
  orderWithEvents,
  osloDateTime,
  osloDay,
  type NewCourse,
  type NewPlace,
  type NewUser,
  type UserRow,
} from '../db/seed/builders';

/** The seed's builders and those only the tests use (docs/architecture.md, convention 10). */
export * from '../db/seed/builders';

export type PlaceRow = typeof places.$inferSelect;
export type CourseRow = typeof courses.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type OrderEventRow = typeof orderEvents.$inferSelect;

const unique = () => randomBytes(4).toString('hex');
let sequence = 0;
const nextSequence = () => ++sequence;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** `count` weekly dates at `time` (Oslo), the first on the Oslo day of `first`; correct across DST changes. */
export function weeklyDates(first: Date, count: number, time: string): Date[] {
  const [y, mo, d] = osloDay(first);
  return Array.from({ length: count }, (_, i) => osloDateTime(y, mo, d + 7 * i, time));
}

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

export async function createVenue(db: DbOrTx, overrides: Partial<NewPlace> = {}): Promise<PlaceRow> {
  const [row] = await db.insert(places).values(placeValues(overrides)).returning();
  return row!;
}

export function createInstructor(db: DbOrTx, overrides: Partial<NewUser> = {}): Promise<UserRow> {
  return createUser(db, { roles: ['instructor'], ...overrides });
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
