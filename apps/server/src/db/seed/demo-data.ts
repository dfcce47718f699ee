import { addMinutes, ageFits, DEMO_PERSONS, minutesOfDay, osloDateKey, type AgeRange, type OrderStatus, krToOre, ore } from '@app/shared';
import { isNoCourseDay } from '@app/shared/holidays';
import type { courseInstructors, discountCodes, faqs, participants, profileParents, profiles, seasons, terms } from '../schema';
import {
  courseValues,
  makeId,
  orderWithEvents,
  osloDateTime,
  osloDay,
  pick,
  randomInt,
  seededRng,
  shuffle,
  type NewChild,
  type NewCourse,
  type NewOrder,
  type NewOrderEvent,
  type NewPlace,
  type NewUser,
  type Rng,
} from './builders';
import {
  COURSE_INFOS,
  COURSE_KINDS,
  DEMO_EVENTS,
  DEMO_FAQS,
  DEMO_TERMS,
  DEMO_VENUES,
  FEMALE_NAMES,
  INSTRUCTOR_NAMES,
  LAST_NAMES,
  MALE_NAMES,
  STREETS,
  TOWNS,
} from './demo-content';
import { buildDemoProgress } from './demo-progress';

export type DemoData = ReturnType<typeof buildDemoData>;

const DEMO_SEED = 20_030_101;
const DEMO_FAMILY_COUNT = 40;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30.44 * DAY;

type TermKey = 'past1' | 'past2' | 'past3' | 'ongoing' | 'next' | 'later';

interface Person {
  id: string;
  firstName: string;
  lastName: string;
}
interface ChildInfo extends Person {
  profileId: string;
  birth: Date;
  guardians: Person[];
  load: Map<TermKey, number>;
}
interface CourseInfo {
  row: NewCourse & { id: string; firstDate: Date; lastDate: Date };
  term: TermKey;
  venue: string;
  town: string;
  full: boolean;
  seats: string[];
}

/** '6–12 mnd' → [6, 12] months; '2–4 år' → [24, 48]. */
export function ageBandMonths(age: string): [number, number] | null {
  const m = /^(\d+)–(\d+) (mnd|år)$/.exec(age);
  if (!m) return null;
  const factor = m[3] === 'år' ? 12 : 1;
  return [Number(m[1]) * factor, Number(m[2]) * factor];
}

/** An age label in whole months, both ends included: '6–12 mnd' → 6–12; '2–4 år' → 24–59. */
function ageRangeOf(age: string): AgeRange {
  const band = ageBandMonths(age);
  if (!band) return { ageMinMonths: null, ageMaxMonths: null };
  return { ageMinMonths: band[0], ageMaxMonths: age.endsWith('år') ? band[1] + 11 : band[1] };
}

/** Babies and toddlers swim on weekday mornings and at weekends; children from 4 years after school or at weekends. */
function kindFitsSlot(age: string, weekday: number, time: string): boolean {
  const schoolAge = (ageBandMonths(age)?.[0] ?? 0) >= 48;
  if (weekday >= 5) return true;
  const afternoon = (minutesOfDay(time) ?? 0) >= 15 * 60;
  return schoolAge ? afternoon : !afternoon;
}

const ascii = (s: string) =>
  s.toLowerCase().replace(/æ/g, 'ae').replace(/ø/g, 'o').replace(/å/g, 'a').replace(/[^a-z0-9]/g, '');
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const min = (a: Date, b: Date) => (a.getTime() < b.getTime() ? a : b);
const max = (a: Date, b: Date) => (a.getTime() > b.getTime() ? a : b);
const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);

/** The demo as rows from a seeded PRNG (the same every time), dated from `now`; index.ts bulk-inserts it. */
export function buildDemoData(now: Date = new Date(), seed: number = DEMO_SEED) {
  const rng: Rng = seededRng(seed);
  const id = () => makeId(rng);
  const between = (lo: number, hi: number) => lo + rng() * (hi - lo);
  const data = {
    places: [] as NewPlace[],
    users: [] as NewUser[],
    profiles: [] as (typeof profiles.$inferInsert)[],
    profileParents: [] as (typeof profileParents.$inferInsert)[],
    children: [] as NewChild[],
    courses: [] as NewCourse[],
    courseInstructors: [] as (typeof courseInstructors.$inferInsert)[],
    participants: [] as (typeof participants.$inferInsert)[],
    orders: [] as NewOrder[],
    orderEvents: [] as NewOrderEvent[],
    faqs: [] as (typeof faqs.$inferInsert)[],
    terms: [] as (typeof terms.$inferInsert)[],
    seasons: [] as (typeof seasons.$inferInsert)[],
  };

  // ---- places ----
  const placeIds = new Map<string, string>();
  DEMO_VENUES.forEach((v, i) => {
    const placeId = id();
    placeIds.set(v.name, placeId);
    const createdAt = ago(now, (3 * 365 - i * 20) * DAY);
    data.places.push({
      id: placeId,
      name: v.name,
      address: v.address,
      zipCode: v.zipCode,
      place: v.place,
      info: v.info,
      published: true,
      createdAt,
      updatedAt: createdAt,
    });
  });

  // ---- people ----
  const usedPhones = new Set<string>(DEMO_PERSONS.map((p) => p.phoneNumber));
  const usedEmails = new Set<string>(DEMO_PERSONS.map((p) => p.email));
  const phone = () => {
    let p: string;
    do p = `479${String(randomInt(rng, 2_000_000, 9_999_999))}`;
    while (usedPhones.has(p));
    usedPhones.add(p);
    return p;
  };
  const email = (first: string, last: string) => {
    let e = `${ascii(first)}.${ascii(last)}@example.no`;
    for (let n = 2; usedEmails.has(e); n++) e = `${ascii(first)}.${ascii(last)}${n}@example.no`;
    usedEmails.add(e);
    return e;
  };
  const userById = new Map<string, NewUser & Person>();
  const addUser = (user: NewUser & Person) => {
    data.users.push(user);
    userById.set(user.id, user);
    return user;
  };

  const instructors: Person[] = INSTRUCTOR_NAMES.map((n, i) =>
    addUser({
      id: id(),
      firstName: n.firstName,
      lastName: n.lastName,
      email: email(n.firstName, n.lastName),
      phone: `4792${String(100_001 + i * 1_111).padStart(6, '0')}`,
      birthdate: `${randomInt(rng, 1975, 1996)}-0${randomInt(rng, 1, 9)}-${String(randomInt(rng, 10, 28))}`,
      address: `${pick(rng, STREETS)} ${randomInt(rng, 1, 90)}`,
      zipCode: '0454',
      place: 'Oslo',
      roles: ['instructor'],
      registrationDate: ago(now, between(700, 1100) * DAY),
      lastLogin: ago(now, between(0.2, 20) * DAY),
    }),
  );

  const children: ChildInfo[] = [];
  const addChild = (profileId: string, guardians: Person[], firstName: string, lastName: string, birth: Date) => {
    const child: ChildInfo = { id: id(), profileId, firstName, lastName, birth, guardians, load: new Map() };
    children.push(child);
    return child;
  };
  const addProfile = (guardians: Person[]) => {
    const profileId = id();
    data.profiles.push({ id: profileId });
    guardians.forEach((g, position) => data.profileParents.push({ profileId, userId: g.id, position }));
    return profileId;
  };

  // The Vipps simulator's test persons, by their `sub`, with their roles and families.
  const demoChildren = new Map<string, ChildInfo>();
  let demoInstructor: Person | undefined;
  for (const person of DEMO_PERSONS) {
    const user = addUser({
      id: id(),
      vippsSub: person.sub,
      firstName: person.givenName,
      lastName: person.familyName,
      email: person.email,
      phone: person.phoneNumber,
      birthdate: person.birthdate,
      address: person.address.street_address,
      zipCode: person.address.postal_code,
      place: person.address.region,
      roles: [...person.roles],
      registrationDate: ago(now, 300 * DAY),
      lastLogin: null,
    });
    if (person.roles.includes('instructor')) demoInstructor ??= user;
    const profileId = addProfile([user]);
    for (const c of person.children) {
      demoChildren.set(`${person.givenName}/${c.firstName}`, addChild(profileId, [user], c.firstName, person.familyName, new Date(`${c.birthdate}T12:00:00Z`)));
    }
  }

  // About forty other families: one or two guardians, one to three children aged 0–10.
  for (let f = 0; f < DEMO_FAMILY_COUNT; f++) {
    const lastName = pick(rng, LAST_NAMES);
    const town = pick(rng, TOWNS);
    const street = `${pick(rng, STREETS)} ${randomInt(rng, 1, 120)}`;
    const guardianCount = rng() < 0.7 ? 2 : 1;
    const guardians: Person[] = [];
    for (let g = 0; g < guardianCount; g++) {
      const female = g === 0 ? rng() < 0.65 : guardians[0] && rng() < 0.15;
      const firstName = pick(rng, female ? FEMALE_NAMES : MALE_NAMES);
      guardians.push(
        addUser({
          id: id(),
          firstName,
          lastName,
          email: email(firstName, lastName),
          phone: phone(),
          birthdate: `${randomInt(rng, 1980, 1997)}-${String(randomInt(rng, 1, 12)).padStart(2, '0')}-${String(randomInt(rng, 1, 28)).padStart(2, '0')}`,
          address: street,
          zipCode: town.zipCode,
          place: town.place,
          roles: ['parent'],
        }),
      );
    }
    const profileId = addProfile(guardians);
    const roll = rng();
    const childCount = roll < 0.55 ? 1 : roll < 0.9 ? 2 : 3;
    const used = new Set<string>();
    let ageMonths = rng() < 0.5 ? between(1, 18) : rng() < 0.6 ? between(18, 54) : between(54, 118);
    for (let c = 0; c < childCount; c++) {
      let firstName: string;
      do firstName = pick(rng, rng() < 0.5 ? FEMALE_NAMES : MALE_NAMES);
      while (used.has(firstName));
      used.add(firstName);
      addChild(profileId, guardians, firstName, lastName, ago(now, ageMonths * MONTH));
      ageMonths = Math.min(119, ageMonths + between(16, 40));
    }
  }

  // ---- courses ----
  const [y, mo, d] = osloDay(now);
  const mondayOffset = (new Date(Date.UTC(y, mo, d)).getUTCDay() + 6) % 7;
  const mondayDay = d - mondayOffset;
  const courseInfos: CourseInfo[] = [];
  const FULL = new Set(['Sagene Basseng/ongoing/0', 'Lillestrøm Svømmehall/ongoing/0', 'Majorstuen Svømmehall/next/0', 'Strømmen Bad/next/1']);
  const UNPUBLISHED = new Set(['Nordstrand Bad/later/1', 'Skjetten Bad/later/0', 'Jessheim Badeland/later/1', 'Grorud Basseng/next/2']);
  const NO_INSTRUCTOR = new Set(['Grorud Basseng/later/0', 'Skedsmokorset Svømmehall/later/1', 'Strømmen Bad/later/0', 'Nordstrand Bad/next/2']);

  /** Weekly dates from week `from` on (step 1) or back from it (step -1), skipping public and school holidays. */
  const termWeeks = (from: number, count: number, step: 1 | -1, weekday: number): number[] => {
    const weeks: number[] = [];
    for (let w = from; weeks.length < count; w += step) {
      if (!isNoCourseDay(osloDateTime(y, mo, mondayDay + 7 * w + weekday, '12:00'))) weeks.push(w);
    }
    return weeks.sort((a, b) => a - b);
  };
  /** A demo course row at a venue, with the structured age range of its label. */
  const courseRow = (venueName: string, age: string, fields: Omit<Parameters<typeof courseValues>[0], 'placeId'>) =>
    courseValues({ placeId: placeIds.get(venueName)!, participantsAge: age, ...ageRangeOf(age), ...fields }) as CourseInfo['row'];
  const dateOf = (week: number, weekday: number, time: string) => osloDateTime(y, mo, mondayDay + 7 * week + weekday, time);

  DEMO_VENUES.filter((v) => v.hasCourses).forEach((venue, venueIndex) => {
    const weeksOf = (from: number, count: number, step: 1 | -1) => termWeeks(from, count, step, venue.weekday);
    const ongoing = weeksOf(-randomInt(rng, 3, 5), randomInt(rng, 8, 10), 1);
    const next = weeksOf(ongoing.at(-1)! + randomInt(rng, 2, 3), randomInt(rng, 6, 10), 1);
    const later = weeksOf(next.at(-1)! + randomInt(rng, 2, 3), randomInt(rng, 6, 8), 1);
    const past3 = weeksOf(ongoing[0]! - randomInt(rng, 3, 5), randomInt(rng, 8, 10), -1);
    const past2 = weeksOf(past3[0]! - randomInt(rng, 7, 10), randomInt(rng, 8, 10), -1);
    const past1 = weeksOf(past2[0]! - randomInt(rng, 3, 5), randomInt(rng, 6, 10), -1);
    const plan: [TermKey, number[], number][] = [
      ['past1', past1, 1],
      ['past2', past2, 1],
      ['past3', past3, 2],
      ['ongoing', ongoing, 2],
      ['next', next, venueIndex === 0 ? 4 : 3],
      ['later', later, 2],
    ];
    const primary = venueIndex < 2 && demoInstructor ? demoInstructor : instructors[venueIndex % instructors.length]!;
    const secondary = instructors[(venueIndex + 2) % instructors.length]!;

    plan.forEach(([term, weeks, slots], termIndex) => {
      for (let slot = 0; slot < slots; slot++) {
        const key = `${venue.name}/${term}/${slot}`;
        const timeFrom = addMinutes(venue.blockStart, 30 * slot);
        const kinds = COURSE_KINDS.filter((k) => kindFitsSlot(k.age, venue.weekday, timeFrom));
        const kind = kinds[(venueIndex * 3 + termIndex * 2 + slot) % kinds.length]!;
        const dates = weeks.map((w) => dateOf(w, venue.weekday, timeFrom));
        const full = FULL.has(key);
        const priceKr = Math.min(2800, Math.max(1700, Math.round((weeks.length * 255 + randomInt(rng, -150, 150)) / 25) * 25));
        const courseId = id();
        const createdAt = min(ago(dates[0]!, between(45, 90) * DAY), ago(now, between(31, 60) * DAY));
        const row = courseRow(venue.name, kind.age, {
          id: courseId,
          name: kind.name,
          dates,
          timeFrom,
          experienceLevel: kind.level,
          priceOre: krToOre(priceKr),
          maximumParticipants: full ? randomInt(rng, 6, 8) : randomInt(rng, 6, 12),
          info: pick(rng, COURSE_INFOS),
          published: !UNPUBLISHED.has(key),
          createdAt,
          updatedAt: new Date(createdAt.getTime() + rng() * (now.getTime() - createdAt.getTime())),
        });
        data.courses.push(row);
        courseInfos.push({ row, term, venue: venue.name, town: venue.place, full, seats: [] });
        if (!NO_INSTRUCTOR.has(key)) {
          data.courseInstructors.push({ courseId, userId: primary.id });
          if (rng() < 0.25) data.courseInstructors.push({ courseId, userId: secondary.id });
        }
      }
    });

    // One-off events ('Arrangement') on the weekend venues, at midday after the courses, before the next term.
    const event = venue.weekday >= 5 ? DEMO_EVENTS[courseInfos.filter((c) => c.row.experienceLevel === 'Arrangement').length] : undefined;
    if (event) {
      const timeFrom = '12:30';
      const dates = weeksOf(next[0]! - (venueIndex % 2 === 0 ? 1 : 0), event.dates, 1).map((w) => dateOf(w, venue.weekday, timeFrom));
      const courseId = id();
      const createdAt = ago(now, between(20, 40) * DAY);
      const row = courseRow(venue.name, event.age, {
        id: courseId,
        name: event.name,
        experienceLevel: 'Arrangement',
        dates,
        timeFrom,
        timeTo: addMinutes(timeFrom, 60),
        priceOre: krToOre(event.priceKr),
        maximumParticipants: 12,
        info: event.info,
        published: true,
        createdAt,
        updatedAt: createdAt,
      });
      data.courses.push(row);
      courseInfos.push({ row, term: 'next', venue: venue.name, town: venue.place, full: false, seats: [] });
      data.courseInstructors.push({ courseId, userId: primary.id });
    }
  });

  // A handful of courses edited in the last days, for the dashboard's "last modified".
  for (const info of shuffle(rng, courseInfos.filter((c) => c.row.lastDate.getTime() > now.getTime())).slice(0, 8)) {
    info.row.updatedAt = ago(now, between(10 * MINUTE, 3 * DAY));
  }

  // ---- participants ----
  // The server's own age rule, so every seeded booking is one a parent could have made.
  const dayKeys = new Map<Date, string>();
  const dayKey = (d: Date) => dayKeys.get(d) ?? dayKeys.set(d, osloDateKey(d)).get(d)!;
  const fits = (child: ChildInfo, course: CourseInfo) =>
    ageFits(
      { ageMinMonths: course.row.ageMinMonths ?? null, ageMaxMonths: course.row.ageMaxMonths ?? null },
      dayKey(child.birth),
      dayKey(course.row.firstDate),
    );
  const seat = (course: CourseInfo, child: ChildInfo) => {
    course.seats.push(child.id);
    child.load.set(course.term, (child.load.get(course.term) ?? 0) + 1);
  };
  const canTake = (course: CourseInfo, child: ChildInfo) =>
    course.row.published && !course.seats.includes(child.id) && course.seats.length < course.row.maximumParticipants!;

  // The demo persons' children get a history and a booking, so their profile pages have something to show.
  const placeDemoChild = (child: ChildInfo | undefined, termOrder: TermKey[], towns: string[]) => {
    if (!child) return;
    for (const term of termOrder) {
      const course = courseInfos.find(
        (c) => c.term === term && towns.includes(c.town) && !c.full && canTake(c, child) && fits(child, c),
      );
      if (course) seat(course, child);
    }
  };
  placeDemoChild(demoChildren.get('Sara/Jakob'), ['past3', 'next'], ['Oslo']);
  placeDemoChild(demoChildren.get('Sara/Emma'), ['past3', 'next'], ['Oslo']);
  placeDemoChild(demoChildren.get('Ahmed/Lina'), ['past3', 'ongoing'], ['Lillestrøm', 'Skjetten', 'Skedsmokorset']);
  const demoChildIds = new Set([...demoChildren.values()].map((c) => c.id));

  const fillRate: Record<TermKey, [number, number]> = {
    past1: [0.6, 1],
    past2: [0.6, 1],
    past3: [0.6, 1],
    ongoing: [0.6, 1],
    next: [0.3, 0.8],
    later: [0, 0.4],
  };
  for (const course of courseInfos) {
    if (!course.row.published) continue;
    const capacity = course.row.maximumParticipants!;
    const target = course.full ? capacity : Math.round(capacity * between(...fillRate[course.term]));
    const pool = shuffle(rng, children.filter((c) => !demoChildIds.has(c.id) && c.birth.getTime() < course.row.firstDate.getTime() - 2 * MONTH));
    const ranked = [
      ...pool.filter((c) => fits(c, course) && (c.load.get(course.term) ?? 0) < 2),
      ...(course.full ? pool : []),
    ];
    for (const child of ranked) {
      if (course.seats.length >= target) break;
      if (canTake(course, child)) seat(course, child);
    }
  }

  // ---- orders: one per booking, plus the ones that never became a booking ----
  const childById = new Map(children.map((c) => [c.id, c]));
  const usedReferences = new Set<string>();
  const usedHuman = new Set<string>();
  const userFirstOrder = new Map<string, Date>();
  const childFirstOrder = new Map<string, Date>();
  const addOrder = (status: OrderStatus, course: CourseInfo, child: ChildInfo, createdAt: Date): string => {
    const user = pick(rng, child.guardians);
    const built = orderWithEvents({
      status,
      amountOre: course.row.priceOre!,
      createdAt,
      rng,
      now,
      people: {
        user,
        child,
        course: { id: course.row.id, name: course.row.name!, placeName: course.venue },
        profileId: child.profileId,
      },
    });
    while (usedReferences.has(built.order.reference)) built.order.reference = `${built.order.reference}-${randomInt(rng, 0, 9)}`;
    while (usedHuman.has(built.order.humanReference)) built.order.humanReference = `${built.order.humanReference}${randomInt(rng, 0, 9)}`;
    usedReferences.add(built.order.reference);
    usedHuman.add(built.order.humanReference);
    data.orders.push(built.order);
    data.orderEvents.push(...built.events);
    if (!userFirstOrder.has(user.id) || userFirstOrder.get(user.id)! > createdAt) userFirstOrder.set(user.id, createdAt);
    if (!childFirstOrder.has(child.id) || childFirstOrder.get(child.id)! > createdAt) childFirstOrder.set(child.id, createdAt);
    return built.order.id!;
  };
  /** When a booking was made: some days before the course, never in the future. */
  const bookedAt = (course: CourseInfo) => {
    const planned = ago(course.row.firstDate, between(3, 40) * DAY);
    const latest = ago(now, HOUR);
    const at = planned.getTime() < latest.getTime() ? planned : ago(now, between(2 * HOUR, 30 * DAY));
    return max(at, new Date(course.row.createdAt!.getTime() + HOUR));
  };

  let authorizedLeft = 3;
  for (const course of courseInfos) {
    for (const childId of course.seats) {
      const child = childById.get(childId)!;
      // A few places were given by an admin by hand: no order behind them.
      if (!demoChildIds.has(childId) && rng() < 0.04) {
        data.participants.push({ courseId: course.row.id, childId, orderId: null, createdAt: bookedAt(course) });
        continue;
      }
      const future = course.row.firstDate.getTime() > now.getTime();
      const authorized = future && course.term === 'next' && authorizedLeft > 0 && !demoChildIds.has(childId) && rng() < 0.3;
      if (authorized) authorizedLeft -= 1;
      const createdAt = authorized ? ago(now, between(HOUR, 30 * HOUR)) : bookedAt(course);
      const orderId = addOrder(authorized ? 'authorized' : 'captured', course, child, createdAt);
      data.participants.push({ courseId: course.row.id, childId, orderId, createdAt });
    }
  }

  // Orders that ended without a place: refunds, cancellations, aborted and expired payments, stuck ones.
  const endings: OrderStatus[] = [
    ...Array<OrderStatus>(12).fill('refunded'),
    ...Array<OrderStatus>(6).fill('cancelled'),
    ...Array<OrderStatus>(4).fill('terminated'),
    ...Array<OrderStatus>(18).fill('aborted'),
    ...Array<OrderStatus>(12).fill('expired'),
    ...Array<OrderStatus>(3).fill('created'),
    ...(authorizedLeft === 3 ? (['authorized'] as OrderStatus[]) : []),
  ];
  const bookable = courseInfos.filter((c) => c.row.published);
  for (const status of endings) {
    const createdAt = status === 'created' ? ago(now, between(HOUR, 10 * DAY)) : ago(now, between(HOUR, 365 * DAY));
    const upcoming = bookable.filter(
      (c) =>
        c.row.firstDate.getTime() > createdAt.getTime() &&
        c.row.firstDate.getTime() < createdAt.getTime() + 70 * DAY &&
        c.row.createdAt!.getTime() < createdAt.getTime(),
    );
    const course = upcoming.length ? pick(rng, upcoming) : pick(rng, bookable);
    const candidates = children.filter((c) => !course.seats.includes(c.id) && fits(c, course));
    const child = candidates.length ? pick(rng, candidates) : pick(rng, children);
    addOrder(status, course, child, createdAt);
  }

  // ---- registration and login times consistent with the orders ----
  for (const user of userById.values()) {
    if (user.roles?.includes('instructor') && !user.vippsSub) continue;
    let registered = user.registrationDate ?? ago(now, between(5, 400) * DAY);
    const firstOrder = userFirstOrder.get(user.id);
    if (firstOrder) registered = min(registered, ago(firstOrder, between(1, 20) * DAY));
    user.registrationDate = registered;
    if (user.vippsSub) continue;
    const roll = rng();
    user.lastLogin = roll < 0.1 ? null : max(registered, ago(now, roll < 0.25 ? between(MINUTE, 25 * MINUTE) : between(HOUR, 60 * DAY)));
    user.updatedAt = user.lastLogin ?? registered;
  }
  const ownerOf = new Map(data.profileParents.filter((p) => p.position === 0).map((p) => [p.profileId, p.userId]));
  for (const profile of data.profiles) {
    const owner = userById.get(ownerOf.get(profile.id!)!)!;
    profile.createdAt = owner.registrationDate!;
    profile.updatedAt = owner.registrationDate!;
  }
  for (const child of children) {
    const owner = userById.get(ownerOf.get(child.profileId)!)!;
    let registered = max(owner.registrationDate!, new Date(child.birth.getTime() + between(1, 14) * DAY));
    const firstOrder = childFirstOrder.get(child.id);
    if (firstOrder) registered = min(registered, ago(firstOrder, HOUR));
    registered = min(registered, now);
    data.children.push({
      id: child.id,
      profileId: child.profileId,
      firstName: child.firstName,
      lastName: child.lastName,
      birthdate: isoDay(child.birth),
      registrationDate: registered,
      updatedAt: registered,
    });
  }

  // ---- content ----
  DEMO_FAQS.forEach((faq, position) => {
    const createdAt = ago(now, (400 - position) * DAY);
    data.faqs.push({ id: id(), question: faq.question, answer: faq.answer, position, createdAt, updatedAt: createdAt });
  });
  for (const category of DEMO_TERMS) {
    category.texts.forEach((text, i) => {
      const createdAt = ago(now, (500 - i) * DAY);
      data.terms.push({ id: id(), category: category.category, text, priority: category.priority - i, createdAt, updatedAt: createdAt });
    });
  }
  // ---- one season over every demo course's dates (decision 053) ----
  const days = data.courses.flatMap((c) => (c.dates ?? []).map((d) => osloDateKey(d))).sort();
  if (days.length > 0) {
    const [startsOn, endsOn] = [days[0]!, days.at(-1)!];
    const [from, to] = [startsOn.slice(0, 4), endsOn.slice(0, 4)];
    const createdAt = ago(now, 120 * DAY);
    data.seasons.push({ id: id(), name: from === to ? `Sesong ${from}` : `Sesong ${from}/${to.slice(2)}`, startsOn, endsOn, createdAt, updatedAt: createdAt });
  }
  const instructorOf = new Map(data.courseInstructors.map((ci) => [ci.courseId, ci.userId]));
  const progress = buildDemoProgress({
    now,
    courses: courseInfos.map((c) => c.row),
    participants: data.participants,
    childIds: demoChildIds,
    instructorOf: (courseId) => instructorOf.get(courseId),
  });
  // ---- two discount codes (decision 058): one to try in the booking dialog, one expired ----
  const year = osloDateKey(now).slice(0, 4);
  const discountCodeRows: (typeof discountCodes.$inferInsert)[] = [
    { id: id(), code: `VAR${year}`, kind: 'percent', percent: 10, validFrom: osloDateKey(ago(now, 30 * DAY)), validTo: osloDateKey(ago(now, -180 * DAY)), maxUses: 100, maxUsesPerFamily: 1 },
    { id: id(), code: `HOST${Number(year) - 1}`, kind: 'amount', amountOre: ore(15_000), validFrom: osloDateKey(ago(now, 200 * DAY)), validTo: osloDateKey(ago(now, 30 * DAY)), maxUses: null, maxUsesPerFamily: 1 },
  ];
  return { ...data, ...progress, discountCodes: discountCodeRows };
}
