import { PHOTO_VARIANTS, type PhotoVariant } from '@app/shared';
import type { Log } from '../../context';
import type { Db } from '../../db/client';
import * as images from '../../repos/images.repo';
import { makeVariant } from './processing';

/**
 * The served variants of an image are made in the background after upload (decision 040). The work list is the
 * database itself (images lacking variants), so a restart loses nothing: the worker job picks them up, and a request
 * for a variant not made yet makes it on the spot.
 */

/** One variant's bytes: stored, or made from the master now (and stored). Undefined: no such image. */
export async function variantBytes(db: Db, hash: string, variant: PhotoVariant): Promise<Buffer | undefined> {
  const stored = await images.findVariant(db, hash, variant);
  if (stored) return stored;
  const image = await images.findImage(db, hash);
  if (!image) return undefined;
  const bytes = await makeVariant(image.master, variant);
  await images.insertVariant(db, hash, variant, bytes);
  return bytes;
}

/** Makes every variant an image still lacks. One at a time: sharp uses the cores already. */
export async function makeMissingVariants(db: Db, hash: string): Promise<number> {
  const have = new Set(await images.variantNames(db, hash));
  const missing = PHOTO_VARIANTS.filter((v) => !have.has(v));
  if (missing.length === 0) return 0;
  const image = await images.findImage(db, hash);
  if (!image) return 0;
  for (const variant of missing) await images.insertVariant(db, hash, variant, await makeVariant(image.master, variant));
  return missing.length;
}

/** An upload's own instance makes its variants within seconds; the job takes over those still missing after this. */
const QUEUE_GRACE_MS = 60_000;

/** The worker job: a few images per tick, uploaded at least `graceMs` ago. */
export async function makePendingVariants(db: Db, log: Log, options: { limit?: number; graceMs?: number } = {}): Promise<void> {
  const { limit = 3, graceMs = QUEUE_GRACE_MS } = options;
  for (const hash of await images.imagesMissingVariants(db, PHOTO_VARIANTS.length, limit, new Date(Date.now() - graceMs))) {
    const made = await makeMissingVariants(db, hash);
    if (made) log.info({ job: 'image-variants', hash, made }, 'image variants made');
  }
}

/** Variants of fresh uploads, made after the answer went out; close() waits for the running one. */
export function createVariantQueue(db: Db, log: Log) {
  let tail: Promise<void> = Promise.resolve();
  let closed = false;
  return {
    schedule(hash: string) {
      tail = tail
        .then(() => (closed ? undefined : makeMissingVariants(db, hash).then(() => undefined)))
        .catch((err: unknown) => log.warn({ err, hash }, 'image variants failed; the worker job retries'));
    },
    async close() {
      closed = true;
      await tail;
    },
  };
}
