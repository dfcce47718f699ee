/**
 * The enrolment-night data set (issue 11 item 4; `node --import tsx bench/enrolment-seed.ts`, env DATABASE_URL,
 * BENCH_SESSION_SECRET, ENROLMENT_PARENTS (2000), ENROLMENT_COURSES (60)): a new season of 60 courses of 6–10
 * places over 6 venues, nobody enrolled yet, and 2,000 parents with one child each (of an age every course takes),
 * each signed in (a session row and its token). Prints one JSON line.
 */
import { placeSlug } from '@app/shared';
import { openDatabase, type Db } from '../apps/server/src/db/client';
import { children, courses, newId, places, profileParents, profiles, users } from '../apps/server/src/db/schema';
import { courseValues, placeValues, randomInt, seededRng, weeklyDates } from '../apps/server/src/test/builders';
import { createSessions } from '../apps/server/src/plugins/auth';

const PARENTS = Number(process.env.ENROLMENT_PARENTS ?? 2000);
const COURSES = Number(process.env.ENROLMENT_COURSES ?? 60);
const VENUES = 6;
const DAY = 86_400_000;
const rng = seededRng(20_260_820);

async function insertMany(db: Db, table: Parameters<Db['insert']>[0], rows: Record<string, unknown>[], size = 1000): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await db.insert(table).values(rows.slice(i, i + size) as never);
}

async function main() {
  const database = await openDatabase({ url: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR, poolSize: 8 });
  const db = database.db;
  const now = Date.now();
  const placeRows = Array.from({ length: VENUES }, (_, i) => ({ id: newId(), ...placeValues({ name: `Sesongbadet ${i + 1}`, place: 'Oslo' }) }));
  const courseRows = Array.from({ length: COURSES }, (_, i) => {
    const timeFrom = `${String(9 + (i % 8)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`;
    return {
      id: newId(),
      ...courseValues({
        placeId: placeRows[i % VENUES]!.id,
        dates: weeklyDates(new Date(now + (21 + (i % 7)) * DAY), 8, timeFrom),
        timeFrom,
        name: `Høstkurs ${i + 1}`,
        maximumParticipants: randomInt(rng, 6, 10),
        ageMinMonths: null,
        ageMaxMonths: null,
      }),
    };
  });
  const userRows: Record<string, unknown>[] = [];
  const profileRows: { id: string }[] = [];
  const links: { profileId: string; userId: string; position: number }[] = [];
  const childRows: { id: string; profileId: string; firstName: string; lastName: string; birthdate: string }[] = [];
  const parents: { userId: string; childId: string }[] = [];
  for (let i = 0; i < PARENTS; i++) {
    const userId = newId();
    const profileId = newId();
    const childId = newId();
    userRows.push({
      id: userId,
      firstName: 'Forelder',
      lastName: `Nummer${i}`,
      email: `forelder.${i}@example.no`,
      phone: `47${String(90_000_000 + i)}`,
      roles: ['parent'],
      registrationDate: new Date(now - 30 * DAY),
    });
    profileRows.push({ id: profileId });
    links.push({ profileId, userId, position: 0 });
    childRows.push({ id: childId, profileId, firstName: 'Barn', lastName: `Nummer${i}`, birthdate: new Date(now - 300 * DAY).toISOString().slice(0, 10) });
    parents.push({ userId, childId });
  }
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await insertMany(t, places, placeRows);
    await insertMany(t, courses, courseRows);
    await insertMany(t, users, userRows);
    await insertMany(t, profiles, profileRows);
    await insertMany(t, profileParents, links);
    await insertMany(t, children, childRows);
  });
  await db.execute('vacuum analyze');

  // Signed in before the season opens: one session row per parent (as a login would write).
  const sessions = createSessions(process.env.BENCH_SESSION_SECRET!, db);
  const tokens: string[] = [];
  for (let i = 0; i < parents.length; i += 50) {
    tokens.push(...(await Promise.all(parents.slice(i, i + 50).map(async (p) => (await sessions.issue(p.userId)).token))));
  }
  await database.close();
  const out = {
    places: placeRows.map((p) => ({ id: p.id, slug: placeSlug(p.name) })),
    courses: courseRows.map((c) => ({ id: c.id, placeId: c.placeId, maximumParticipants: c.maximumParticipants })),
    placesAvailable: courseRows.reduce((n, c) => n + c.maximumParticipants!, 0),
    parents: parents.map((p, i) => ({ ...p, token: tokens[i] })),
  };
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
