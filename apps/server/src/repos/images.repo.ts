import { and, eq, notExists, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { images, imageVariants, placePhotos, type ImageRow } from '../db/schema';

/** The `images` and `image_variants` tables (decision 040): photo bytes addressed by their content hash. */

export type NewImage = typeof images.$inferInsert;

/** Stores an image; the same bytes uploaded again are the same row. */
export async function insertImage(db: DbOrTx, image: NewImage): Promise<void> {
  await db.insert(images).values(image).onConflictDoNothing({ target: images.hash });
}

export async function findImage(db: DbOrTx, hash: string): Promise<ImageRow | undefined> {
  const rows = await db.select().from(images).where(eq(images.hash, hash)).limit(1);
  return rows[0];
}

export async function findVariant(db: DbOrTx, hash: string, variant: string): Promise<Buffer | undefined> {
  const rows = await db
    .select({ bytes: imageVariants.bytes })
    .from(imageVariants)
    .where(and(eq(imageVariants.hash, hash), eq(imageVariants.variant, variant)))
    .limit(1);
  return rows[0]?.bytes;
}

export async function variantNames(db: DbOrTx, hash: string): Promise<string[]> {
  const rows = await db.select({ variant: imageVariants.variant }).from(imageVariants).where(eq(imageVariants.hash, hash));
  return rows.map((r) => r.variant);
}

/** Another instance may have made it first: its bytes are the same. */
export async function insertVariant(db: DbOrTx, hash: string, variant: string, bytes: Buffer): Promise<void> {
  await db.insert(imageVariants).values({ hash, variant, bytes }).onConflictDoNothing();
}

/** Images that still lack some of the `count` variants (oldest first): the background job's work list. */
export async function imagesMissingVariants(db: DbOrTx, count: number, limit: number): Promise<string[]> {
  const rows = await db
    .select({ hash: images.hash })
    .from(images)
    .where(sql`(select count(*) from ${imageVariants} v where v.hash = ${images.hash}) < ${count}`)
    .orderBy(images.createdAt)
    .limit(limit);
  return rows.map((r) => r.hash);
}

/** Drops an image no photo uses any more (its variants go with it). */
export async function deleteImageIfUnused(db: DbOrTx, hash: string): Promise<void> {
  await db
    .delete(images)
    .where(and(eq(images.hash, hash), notExists(db.select({ one: sql`1` }).from(placePhotos).where(eq(placePhotos.imageHash, hash)))));
}
