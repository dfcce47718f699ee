/**
 * The bench's data set: a realistic, large database built with the seed builders' row makers and bulk-inserted
 * (`node --import tsx bench/seed.ts`; env DATABASE_URL or DATA_DIR, BENCH_SESSION_SECRET). Prints one JSON line
 * with what the bench needs (a place, tokens, the burst course and its parents).
 *
 * Sizes (BENCH_SCALE=1): 50 venues, 2,000 courses, ~13,000 families with 20,000 children, 50,000 orders with their
 * Vipps events, participants up to each course's capacity.
 */
import { getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import sharp from 'sharp';
import { ORDER_STATUSES, placeSlug, type OrderStatus } from '@app/shared';
import { openDatabase, type Db } from '../apps/server/src/db/client';
import { courseInstructors, courses, children, newId, orderEvents, orders, participants, places, profileParents, profiles, users } from '../apps/server/src/db/schema';
import { courseValues, orderWithEvents, pick, placeValues, randomInt, seededRng, weeklyDates, type NewChild, type NewCourse, type NewOrder, type NewOrderEvent, type NewUser } from '../apps/server/src/test/builders';
import { createSessions } from '../apps/server/src/plugins/auth';
import { processUpload } from '../apps/server/src/lib/images/processing';
import { makeMissingVariants } from '../apps/server/src/lib/images/variants';
import { insertImage } from '../apps/server/src/repos/images.repo';
import { insertPhoto } from '../apps/server/src/repos/places.repo';

const scale = Number(process.env.BENCH_SCALE ?? 1);
const N = {
  places: Math.round(50 * scale),
  courses: Math.round(2_000 * scale),
  children: Math.round(20_000 * scale),
  /** At least this many users (guardians and instructors): the admin user search is measured on them. */
  users: Math.round(20_000 * scale),
  orders: Math.round(50_000 * scale),
  instructors: Math.max(5, Math.round(40 * scale)),
  burstParents: 200,
  burstFreePlaces: 5,
};

const rng = seededRng(20_260_101);
const DAY = 86_400_000;
const now = new Date();
const FIRST = ['Nora', 'Emil', 'Sofie', 'Jakob', 'Ella', 'Noah', 'Maja', 'Oskar', 'Frida', 'Henrik', 'Ingrid', 'Aksel', 'Olivia', 'Filip', 'Leah', 'Lukas', 'Sara', 'Isak', 'Emma', 'Theodor'];
const LAST = ['Hansen', 'Olsen', 'Larsen', 'Berg', 'Dahl', 'Lund', 'Moen', 'Strand', 'Lie', 'Eide', 'Johansen', 'Nilsen', 'Pedersen', 'Kristiansen', 'Jensen', 'Karlsen', 'Andersen', 'Bakken', 'Haugen', 'Solberg'];
const TOWNS = ['Oslo', 'Lillestrøm', 'Skjetten', 'Skedsmokorset', 'Jessheim', 'Bærum', 'Asker', 'Lørenskog'];
const LEVELS = ['Nybegynner', 'Viderekommen', 'Søskensvømming', 'Nybegynner/Viderekommen'] as const;

const MAX_PARAMS = 30_000;
async function insertMany<T extends PgTable>(db: Db, table: T, rows: T['$inferInsert'][]): Promise<void> {
  const columns = Object.keys(getTableColumns(table)).length || 1;
  const size = Math.max(1, Math.floor(MAX_PARAMS / columns));
  for (let i = 0; i < rows.length; i += size) await db.insert(table).values(rows.slice(i, i + size));
}

function person(): { firstName: string; lastName: string } {
  return { firstName: pick(rng, FIRST), lastName: pick(rng, LAST) };
}

function userRow(roles: string[] = ['parent']): NewUser & { id: string } {
  const p = person();
  const n = randomInt(rng, 0, 9_999_999);
  return {
    id: newId(),
    ...p,
    email: `${p.firstName.toLowerCase()}.${n}@example.no`,
    phone: `479${String(n).padStart(7, '0')}`,
    birthdate: '1988-05-17',
    address: 'Testveien 1',
    zipCode: '0150',
    place: pick(rng, TOWNS),
    roles,
    lastLogin: new Date(now.getTime() - randomInt(rng, 0, 200) * DAY),
    registrationDate: new Date(now.getTime() - randomInt(rng, 30, 900) * DAY),
  };
}

async function main() {
  const started = Date.now();
  const database = await openDatabase({ url: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR, poolSize: 4 });
  const db = database.db;

  // ---- places, instructors, courses ----
  const placeRows = Array.from({ length: N.places }, (_, i) => ({
    id: newId(),
    ...placeValues({ name: `${pick(rng, ['Sentrum', 'Nord', 'Sør', 'Øst', 'Vest', 'Park', 'Skole', 'Senter'])} Svømmehall ${i + 1}`, place: pick(rng, TOWNS) }),
  }));
  const instructorRows = Array.from({ length: N.instructors }, () => userRow(['parent', 'instructor']));
  const courseRows: (NewCourse & { id: string })[] = [];
  const instructorLinks: { courseId: string; userId: string }[] = [];
  for (let i = 0; i < N.courses; i++) {
    const place = placeRows[i % placeRows.length]!;
    const timeFrom = `${String(randomInt(rng, 8, 18)).padStart(2, '0')}:${pick(rng, ['00', '30'])}`;
    // Spread over the last half year and the next half year: the place page's window sees about two thirds.
    const first = new Date(now.getTime() + randomInt(rng, -200, 170) * DAY);
    const row = {
      id: newId(),
      ...courseValues({
        placeId: place.id,
        dates: weeklyDates(first, randomInt(rng, 6, 10), timeFrom),
        timeFrom,
        name: `Babysvømming ${randomInt(rng, 1, 4)}`,
        experienceLevel: pick(rng, LEVELS),
        participantsAge: pick(rng, ['0–6 mnd', '6–12 mnd', '1–2 år', '2–4 år']),
        priceOre: randomInt(rng, 60, 100) * 2_500,
        maximumParticipants: randomInt(rng, 6, 12),
        info: 'Ta med badebleie og håndkle.',
      }),
    };
    courseRows.push(row);
    const teacher = instructorRows[i % instructorRows.length]!;
    instructorLinks.push({ courseId: row.id, userId: teacher.id });
    if (rng() < 0.3) {
      const second = instructorRows[(i + 7) % instructorRows.length]!;
      if (second.id !== teacher.id) instructorLinks.push({ courseId: row.id, userId: second.id });
    }
  }

  // ---- families ----
  const userRows: (NewUser & { id: string })[] = [...instructorRows];
  const profileRows: { id: string }[] = [];
  const parentLinks: { profileId: string; userId: string; position: number }[] = [];
  const childRows: (NewChild & { id: string; guardianId: string })[] = [];
  while (childRows.length < N.children || userRows.length < N.users) {
    const profileId = newId();
    profileRows.push({ id: profileId });
    const guardians = Array.from({ length: rng() < 0.45 ? 2 : 1 }, () => userRow());
    guardians.forEach((g, position) => {
      userRows.push(g);
      parentLinks.push({ profileId, userId: g.id, position });
    });
    const kids = rng() < 0.5 ? 2 : 1;
    for (let k = 0; k < kids && childRows.length < N.children; k++) {
      childRows.push({
        id: newId(),
        profileId,
        firstName: pick(rng, FIRST),
        lastName: guardians[0]!.lastName!,
        birthdate: new Date(now.getTime() - randomInt(rng, 60, 3_000) * DAY).toISOString().slice(0, 10),
        guardianId: guardians[0]!.id,
      });
    }
  }

  // The back office's caller (admin user search, orders, statistics).
  const adminRow = { ...userRow(['admin', 'parent']), firstName: 'Bench', lastName: 'Admin' };
  userRows.push(adminRow);

  // ---- enrolments (captured/authorized orders) and the other orders ----
  const orderRows: NewOrder[] = [];
  const eventRows: NewOrderEvent[] = [];
  const participantRows: { courseId: string; childId: string; orderId: string }[] = [];
  const coursePlace = new Map(placeRows.map((p) => [p.id, p.name]));
  const addOrder = (status: OrderStatus, course: NewCourse & { id: string }, child: (typeof childRows)[number]) => {
    const guardian = { id: child.guardianId, firstName: 'Forelder', lastName: child.lastName };
    const createdAt = new Date(Math.min(now.getTime(), (course.firstDate as Date).getTime()) - randomInt(rng, 1, 60) * DAY);
    const built = orderWithEvents({
      status,
      amountOre: course.priceOre,
      createdAt,
      now,
      rng,
      id: newId(),
      people: {
        user: guardian,
        child: { id: child.id, firstName: child.firstName, lastName: child.lastName },
        course: { id: course.id, name: course.name ?? '', placeName: coursePlace.get(course.placeId) },
        profileId: child.profileId,
      },
    });
    orderRows.push(built.order);
    eventRows.push(...built.events);
    return built.order.id!;
  };
  for (const course of courseRows) {
    const taken = new Set<string>();
    const fill = Math.floor(course.maximumParticipants * (0.4 + rng() * 0.6));
    for (let i = 0; i < fill && orderRows.length < N.orders; i++) {
      const child = childRows[randomInt(rng, 0, childRows.length - 1)]!;
      if (taken.has(child.id)) continue;
      taken.add(child.id);
      const orderId = addOrder(rng() < 0.97 ? 'captured' : 'authorized', course, child);
      participantRows.push({ courseId: course.id, childId: child.id, orderId });
    }
  }
  const otherStatuses = ORDER_STATUSES.filter((s) => s !== 'captured' && s !== 'authorized' && s !== 'created');
  while (orderRows.length < N.orders) {
    const course = courseRows[randomInt(rng, 0, courseRows.length - 1)]!;
    const child = childRows[randomInt(rng, 0, childRows.length - 1)]!;
    addOrder(pick(rng, otherStatuses), course, child);
  }
  // Old 'created' orders are dead holds: their hold_expires_at is in the past.

  // ---- the burst course: the last 5 places, and 200 parents who want them ----
  const burstPlace = placeRows[0]!;
  const burstTime = '12:00';
  const burstCourse = {
    id: newId(),
    ...courseValues({
      placeId: burstPlace.id,
      dates: weeklyDates(new Date(now.getTime() + 30 * DAY), 8, burstTime),
      timeFrom: burstTime,
      name: 'Babysvømming rush',
      experienceLevel: 'Nybegynner',
      priceOre: 195_000,
      maximumParticipants: 45 + N.burstFreePlaces,
    }),
  };
  courseRows.push(burstCourse);
  const burstTaken = new Set<string>();
  while (burstTaken.size < 45) {
    const child = childRows[randomInt(rng, 0, childRows.length - 1)]!;
    if (burstTaken.has(child.id)) continue;
    burstTaken.add(child.id);
    participantRows.push({ courseId: burstCourse.id, childId: child.id, orderId: addOrder('captured', burstCourse, child) });
  }
  const burstFamilies: { userId: string; childId: string }[] = [];
  for (let i = 0; i < N.burstParents; i++) {
    const profileId = newId();
    profileRows.push({ id: profileId });
    const g = userRow();
    userRows.push(g);
    parentLinks.push({ profileId, userId: g.id, position: 0 });
    const child = { id: newId(), profileId, firstName: pick(rng, FIRST), lastName: g.lastName!, birthdate: '2025-06-01', guardianId: g.id };
    childRows.push(child);
    burstFamilies.push({ userId: g.id, childId: child.id });
  }

  const built = Date.now();
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await insertMany(t, places, placeRows);
    await insertMany(t, users, userRows);
    await insertMany(t, profiles, profileRows);
    await insertMany(t, profileParents, parentLinks);
    await insertMany(t, children, childRows.map(({ guardianId: _g, ...c }) => c));
    await insertMany(t, courses, courseRows);
    await insertMany(t, courseInstructors, instructorLinks);
    await insertMany(t, orders, orderRows);
    await insertMany(t, orderEvents, eventRows);
    await insertMany(t, participants, participantRows);
  });
  // A settled database (as autovacuum leaves it): visibility map set, so index-only scans stay index-only.
  await db.execute('vacuum analyze');

  // The place with the most courses in the default window is a realistic place page.
  const windowStart = now.getTime() - 21 * DAY;
  const windowEnd = now.getTime() + 183 * DAY;
  const perPlace = new Map<string, number>();
  for (const c of courseRows) {
    const f = (c.firstDate as Date).getTime();
    const l = (c.lastDate as Date).getTime();
    if (l >= windowStart && f <= windowEnd) perPlace.set(c.placeId, (perPlace.get(c.placeId) ?? 0) + 1);
  }
  const [busiest, inWindow] = [...perPlace.entries()].sort((a, b) => b[1] - a[1])[0]!;
  const place = placeRows.find((p) => p.id === busiest)!;

  // Venue photos (issue 41): four phone-sized photos (4032×3024, smooth areas and detail as a pool photo has), each
  // venue's cover one of them and the place page's venue two, with every variant made, as a day after upload.
  const photoHashes: string[] = [];
  for (const [i, mean] of [90, 120, 150, 180].entries()) {
    const raw = await sharp({ create: { width: 4032, height: 3024, channels: 3, noise: { type: 'gaussian', mean, sigma: 60 } } })
      .blur(2 + i)
      .jpeg({ quality: 92 })
      .toBuffer();
    const image = await processUpload(raw);
    await insertImage(db, image);
    await makeMissingVariants(db, image.hash);
    photoHashes.push(image.hash);
  }
  for (const [i, venue] of placeRows.entries()) {
    await insertPhoto(db, { placeId: venue.id!, imageHash: photoHashes[i % photoHashes.length]!, alt: `Bassenget på ${venue.name}`, position: 0, cover: true });
  }
  await insertPhoto(db, { placeId: place.id!, imageHash: photoHashes[(placeRows.indexOf(place) + 1) % photoHashes.length]!, alt: 'Garderoben', position: 1, cover: false });

  // Sessions are rows since decision 011: the tokens need the database.
  const sessions = createSessions(process.env.BENCH_SESSION_SECRET!, db);
  const parent = burstFamilies.at(-1)!; // (also one of the burst parents; /users/me does not care)
  const burstTokens = await Promise.all(burstFamilies.map(async (f) => ({ ...f, token: (await sessions.issue(f.userId)).token })));
  const familyWithChild = parentLinks.find((l) => l.position === 0)!;
  const out = {
    counts: {
      places: placeRows.length,
      courses: courseRows.length,
      users: userRows.length,
      profiles: profileRows.length,
      children: childRows.length,
      orders: orderRows.length,
      orderEvents: eventRows.length,
      participants: participantRows.length,
    },
    seconds: { build: (built - started) / 1000, insert: (Date.now() - built) / 1000 },
    place: { id: place.id, slug: placeSlug(place.name), coursesInWindow: inWindow },
    parentToken: (await sessions.issue(parent.userId)).token,
    profileUser: { userId: familyWithChild.userId, token: (await sessions.issue(familyWithChild.userId)).token },
    adminToken: (await sessions.issue(adminRow.id)).token,
    burst: { courseId: burstCourse.id, freePlaces: N.burstFreePlaces, parents: burstTokens },
  };
  await database.close();
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
