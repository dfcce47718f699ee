import type { Db } from '../client';

/** Loads the demo data when the database has no places yet. Idempotent. */
export async function seedDemoDataIfEmpty(_db: Db): Promise<void> {}
