import { PHOTO_VARIANTS, type PhotoVariant } from '@app/shared';
import type { Log } from '../../context';
import type { Db } from '../../db/client';
import * as images from '../../repos/images.repo';
import { makeVariant } from './processing';

// Why: docs/decisions/040. Variants are made by the worker job, or on the spot by the first request for one.

/** The variants this instance is making now: 20 requests for a fresh photo wait for one encode. */
const making = new Map<string, Promise<Buffer>>();

function makeOnce(db: Db, hash: string, variant: PhotoVariant, master: Buffer): Promise<Buffer> {
  const key = `${hash}/${variant}`;
  let made = making.get(key);
  if (!made) {
    made = (async () => {
      const bytes = await makeVariant(master, variant);
      await images.insertVariant(db, hash, variant, bytes);
      return bytes;
    })().finally(() => making.delete(key));
    making.set(key, made);
  }
  return made;
}

/** One variant's bytes: stored, or made from the master now (and stored). Undefined: no such image. */
export async function variantBytes(db: Db, hash: string, variant: PhotoVariant): Promise<Buffer | undefined> {
  const stored = await images.findVariant(db, hash, variant);
  if (stored) return stored;
  const image = await images.findImage(db, hash);
  if (!image) return undefined;
  return makeOnce(db, hash, variant, image.master);
}

/** The worker job: a few images per tick that still lack a variant, oldest first; one encode at a time (sharp uses the cores). */
export async function makePendingVariants(db: Db, log: Log, { limit = 3 }: { limit?: number } = {}): Promise<void> {
  for (const hash of await images.imagesMissingVariants(db, PHOTO_VARIANTS.length, limit)) {
    const have = new Set(await images.variantNames(db, hash));
    const missing = PHOTO_VARIANTS.filter((v) => !have.has(v));
    const image = missing.length > 0 ? await images.findImage(db, hash) : undefined;
    if (!image) continue;
    for (const variant of missing) await makeOnce(db, hash, variant, image.master);
    log.info({ job: 'image-variants', hash, made: missing.length }, 'image variants made');
  }
}
