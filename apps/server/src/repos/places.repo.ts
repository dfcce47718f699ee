import type { DateWindow } from '@app/shared';
import { and, asc, count, eq, getTableColumns, gte, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { courses, images, placeOldSlugs, placePhotos, places, type PlacePhotoRow, type PlaceRow } from '../db/schema';

/** The `places` table (venues) and `place_old_slugs`. Only this repo queries them; it counts a place's courses for the list. */

/** A photo as the place lists carry it (its image's size and colour joined). */
type PhotoOfPlace = { id: string; hash: string; width: number; height: number; color: string; alt: string; cover: boolean };

export type PlaceWithCount = PlaceRow & { courseCount: number; oldSlugs: string[]; photos: PhotoOfPlace[] };

/** `countWindow`: courseCount counts published courses whose dates overlap it (epoch ms, packages/shared courseWindow). */
type PlaceQuery = { includeUnpublished: boolean; countWindow: DateWindow };

function coursesPerPlace(db: DbOrTx, window: DateWindow) {
  return db
    .select({ placeId: courses.placeId, n: count().as('n') })
    .from(courses)
    .where(and(eq(courses.published, true), lte(courses.firstDate, new Date(window.endDate)), gte(courses.lastDate, new Date(window.startDate))))
    .groupBy(courses.placeId)
    .as('course_counts');
}

export async function listPlaces(db: DbOrTx, query: PlaceQuery, where?: SQL): Promise<PlaceWithCount[]> {
  const counts = coursesPerPlace(db, query.countWindow);
  return db
    .select({
      ...getTableColumns(places),
      courseCount: sql<number>`coalesce(${counts.n}, 0)::int`,
      // JSON, not an array: both drivers parse it alike.
      oldSlugs: sql<string[]>`coalesce((select json_agg(o.slug order by o.slug) from ${placeOldSlugs} o where o.place_id = ${places.id}), '[]'::json)`,
      photos: sql<PhotoOfPlace[]>`coalesce((select json_agg(json_build_object('id', p.id, 'hash', p.image_hash, 'width', i.width, 'height', i.height, 'color', i.color, 'alt', p.alt, 'cover', p.cover) order by p.position, p.created_at) from ${placePhotos} p join ${images} i on i.hash = p.image_hash where p.place_id = ${places.id}), '[]'::json)`,
    })
    .from(places)
    .leftJoin(counts, eq(counts.placeId, places.id))
    .where(and(query.includeUnpublished ? undefined : eq(places.published, true), where))
    .orderBy(asc(sql`lower(${places.name})`), asc(places.id));
}

export async function findPlace(db: DbOrTx, id: string, query: PlaceQuery): Promise<PlaceWithCount | undefined> {
  const rows = await listPlaces(db, query, eq(places.id, id));
  return rows[0];
}

/** The place row alone (no counts), for checks such as "does this place exist and may the viewer see it". */
export async function findPlaceRow(db: DbOrTx, id: string): Promise<PlaceRow | undefined> {
  const rows = await db.select().from(places).where(eq(places.id, id)).limit(1);
  return rows[0];
}

export type PlaceValues = Pick<typeof places.$inferInsert, 'name' | 'address' | 'zipCode' | 'place' | 'info' | 'published' | 'image'>;

export async function insertPlace(db: DbOrTx, values: PlaceValues): Promise<PlaceRow> {
  const [row] = await db.insert(places).values(values).returning();
  return row!;
}

/** The updated row, or undefined when there is no place with that id. */
export async function updateVenue(db: DbOrTx, id: string, values: PlaceValues): Promise<PlaceRow | undefined> {
  const [row] = await db.update(places).set(values).where(eq(places.id, id)).returning();
  return row;
}

/** Keeps `slug` as an old address of `placeId`; a slug another venue had before goes to this one. */
export async function keepOldSlug(db: DbOrTx, placeId: string, slug: string): Promise<void> {
  await db
    .insert(placeOldSlugs)
    .values({ slug, placeId })
    .onConflictDoUpdate({ target: placeOldSlugs.slug, set: { placeId, createdAt: sql`now()` } });
}

/** A venue renamed back to an old name: that slug is its address again, not an old one. */
export async function dropOldSlug(db: DbOrTx, placeId: string, slug: string): Promise<void> {
  await db.delete(placeOldSlugs).where(and(eq(placeOldSlugs.slug, slug), eq(placeOldSlugs.placeId, placeId)));
}

/** Whether another venue than `exceptId` had `slug` as its address before a rename. */
export async function slugWasUsedByOther(db: DbOrTx, slug: string, exceptId?: string): Promise<boolean> {
  const rows = await db
    .select({ slug: placeOldSlugs.slug })
    .from(placeOldSlugs)
    .where(and(eq(placeOldSlugs.slug, slug), exceptId ? ne(placeOldSlugs.placeId, exceptId) : undefined))
    .limit(1);
  return rows.length > 0;
}

// ---- place_photos ---------------------------------------------------------------------------------------------

/** Locks the place row for a change of its photos (two uploads at once cannot both take the 8th place). */
export async function lockPlace(db: DbOrTx, placeId: string): Promise<boolean> {
  const rows = await db.select({ id: places.id }).from(places).where(eq(places.id, placeId)).for('update');
  return rows.length > 0;
}

export async function listPhotos(db: DbOrTx, placeId: string): Promise<PlacePhotoRow[]> {
  return db.select().from(placePhotos).where(eq(placePhotos.placeId, placeId)).orderBy(asc(placePhotos.position), asc(placePhotos.createdAt));
}

export async function insertPhoto(db: DbOrTx, values: Pick<typeof placePhotos.$inferInsert, 'placeId' | 'imageHash' | 'alt' | 'position' | 'cover'>): Promise<PlacePhotoRow> {
  const [row] = await db.insert(placePhotos).values(values).returning();
  return row!;
}

export async function setPhotoImage(db: DbOrTx, photoId: string, imageHash: string): Promise<void> {
  await db.update(placePhotos).set({ imageHash }).where(eq(placePhotos.id, photoId));
}

/** Order, alt texts and the cover at once; the cover flag is cleared first (one cover per venue, a unique index). */
export async function arrangePhotos(db: DbOrTx, placeId: string, photos: { id: string; alt: string }[], coverId: string | null): Promise<void> {
  await db.update(placePhotos).set({ cover: false }).where(eq(placePhotos.placeId, placeId));
  for (const [position, photo] of photos.entries()) {
    await db
      .update(placePhotos)
      .set({ alt: photo.alt, position, cover: photo.id === coverId })
      .where(and(eq(placePhotos.id, photo.id), eq(placePhotos.placeId, placeId)));
  }
}

export async function deletePhoto(db: DbOrTx, photoId: string): Promise<void> {
  await db.delete(placePhotos).where(eq(placePhotos.id, photoId));
}
