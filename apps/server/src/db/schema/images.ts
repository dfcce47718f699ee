import { sql } from 'drizzle-orm';
import { boolean, check, customType, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { cascadeRef, createdAt, idCheck, idColumn } from './columns';
import { places } from './courses';

/** Bytes: node-postgres hands back a Buffer, PGlite a Uint8Array; both become a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Uploaded photos (decision 040) by the sha256 of the re-encoded master, in PostgreSQL for every instance. */
export const images = pgTable(
  'images',
  {
    hash: text('hash').primaryKey(),
    /** The re-encoded master (orientation applied, metadata stripped), in the upload's own format. */
    master: bytea('master').notNull(),
    format: text('format').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** The dominant colour, '#rrggbb': the placeholder while the photo loads. */
    color: text('color').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('images_hash_format', sql`${t.hash} ~ '^[0-9a-f]{64}$'`),
    check('images_format', sql`${t.format} in ('jpeg', 'png', 'webp')`),
    check('images_color_format', sql`${t.color} ~ '^#[0-9a-f]{6}$'`),
  ],
);

/** The served sizes and formats of an image ('w960.avif', 'og.jpg'), made in the background after upload. */
export const imageVariants = pgTable(
  'image_variants',
  {
    hash: text('hash')
      .notNull()
      .references(() => images.hash, { onDelete: 'cascade' }),
    variant: text('variant').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.hash, t.variant] })],
);

/** A venue's photos: order, one cover, a required alt text. */
export const placePhotos = pgTable(
  'place_photos',
  {
    id: idColumn(),
    placeId: cascadeRef('place_id', () => places.id),
    imageHash: text('image_hash')
      .notNull()
      .references(() => images.hash, { onDelete: 'restrict' }),
    alt: text('alt').notNull(),
    position: integer('position').notNull(),
    cover: boolean('cover').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    idCheck('place_photos', t.id),
    check('place_photos_alt_present', sql`length(trim(${t.alt})) > 0`),
    index('place_photos_place_idx').on(t.placeId, t.position),
    index('place_photos_image_idx').on(t.imageHash),
    uniqueIndex('place_photos_one_cover').on(t.placeId).where(sql`${t.cover}`),
  ],
);

export type ImageRow = typeof images.$inferSelect;
export type PlacePhotoRow = typeof placePhotos.$inferSelect;
