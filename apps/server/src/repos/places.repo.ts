import type { DateWindow } from '@app/shared';
import { and, asc, count, eq, getTableColumns, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { courses, places, type PlaceRow } from '../db/schema';

/** The `places` table (venues). Only this repo queries it; it counts a place's courses for the list. */

export type PlaceWithCount = PlaceRow & { courseCount: number };

export interface PlaceQuery {
  includeUnpublished: boolean;
  /** courseCount counts published courses whose dates overlap this window (epoch ms, packages/shared courseWindow). */
  countWindow: DateWindow;
}

function coursesPerPlace(db: DbOrTx, window: DateWindow) {
  return db
    .select({ placeId: courses.placeId, n: count().as('n') })
    .from(courses)
    .where(and(eq(courses.published, true), lte(courses.firstDate, new Date(window.endDate)), gte(courses.lastDate, new Date(window.startDate))))
    .groupBy(courses.placeId)
    .as('course_counts');
}

async function selectPlaces(db: DbOrTx, query: PlaceQuery, where?: SQL): Promise<PlaceWithCount[]> {
  const counts = coursesPerPlace(db, query.countWindow);
  return db
    .select({ ...getTableColumns(places), courseCount: sql<number>`coalesce(${counts.n}, 0)::int` })
    .from(places)
    .leftJoin(counts, eq(counts.placeId, places.id))
    .where(and(query.includeUnpublished ? undefined : eq(places.published, true), where))
    .orderBy(asc(sql`lower(${places.name})`), asc(places.id));
}

export function listPlaces(db: DbOrTx, query: PlaceQuery): Promise<PlaceWithCount[]> {
  return selectPlaces(db, query);
}

export async function findPlace(db: DbOrTx, id: string, query: PlaceQuery): Promise<PlaceWithCount | undefined> {
  const rows = await selectPlaces(db, query, eq(places.id, id));
  return rows[0];
}

/** The place row alone (no counts), for checks such as "does this place exist and may the viewer see it". */
export async function findPlaceRow(db: DbOrTx, id: string): Promise<PlaceRow | undefined> {
  const rows = await db.select().from(places).where(eq(places.id, id)).limit(1);
  return rows[0];
}
