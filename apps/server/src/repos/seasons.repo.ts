import { and, asc, eq, gte, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { seasons } from '../db/schema';

/** The school's seasons (decision 053). Only this repo queries the table. Days are 'YYYY-MM-DD', both ends included. */

const columns = { id: seasons.id, name: seasons.name, startsOn: seasons.startsOn, endsOn: seasons.endsOn };
export type SeasonRow = { id: string; name: string; startsOn: string; endsOn: string };
type SeasonValues = Omit<SeasonRow, 'id'>;

/** Oldest first. */
export function listSeasons(db: DbOrTx): Promise<SeasonRow[]> {
  return db.select(columns).from(seasons).orderBy(asc(seasons.startsOn), asc(seasons.id));
}

export async function findSeason(db: DbOrTx, id: string): Promise<SeasonRow | undefined> {
  const [row] = await db.select(columns).from(seasons).where(eq(seasons.id, id)).limit(1);
  return row;
}

/** The season whose days include `day`, if any (seasons never overlap, so at most one). */
export async function seasonContaining(db: DbOrTx, day: string): Promise<SeasonRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(seasons)
    .where(and(lte(seasons.startsOn, day), gte(seasons.endsOn, day)))
    .limit(1);
  return row;
}

/** A season other than `exceptId` that shares a day with `startsOn`–`endsOn`. */
export async function findOverlapping(db: DbOrTx, range: { startsOn: string; endsOn: string }, exceptId?: string): Promise<SeasonRow | undefined> {
  const overlaps = and(lte(seasons.startsOn, range.endsOn), gte(seasons.endsOn, range.startsOn));
  const [row] = await db
    .select(columns)
    .from(seasons)
    .where(exceptId ? and(overlaps, ne(seasons.id, exceptId)) : overlaps)
    .limit(1);
  return row;
}

/** Writers take this first, so two admins cannot both add overlapping seasons (readers are not held up). */
export async function lockSeasons(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`lock table ${seasons} in share row exclusive mode`);
}

export async function insertSeason(db: DbOrTx, values: SeasonValues): Promise<SeasonRow> {
  const [row] = await db.insert(seasons).values(values).returning(columns);
  return row!;
}

export async function updateSeason(db: DbOrTx, id: string, values: SeasonValues): Promise<SeasonRow | undefined> {
  const [row] = await db.update(seasons).set(values).where(eq(seasons.id, id)).returning(columns);
  return row;
}

export async function deleteSeason(db: DbOrTx, id: string): Promise<boolean> {
  return (await db.delete(seasons).where(eq(seasons.id, id)).returning({ id: seasons.id })).length > 0;
}

export async function seasonExists(db: DbOrTx, id: string): Promise<boolean> {
  return !!(await findSeason(db, id));
}
