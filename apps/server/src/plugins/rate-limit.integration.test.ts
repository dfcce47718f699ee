import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { rateLimits } from '../db/schema';
import { createTestDatabase } from '../test/db';
import { deleteExpiredCounters, hitCounter } from '../repos/system.repo';

describe('rate-limit counters', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('counts atomically under concurrency: every hit gets its own number', async () => {
    const hits = await Promise.all(Array.from({ length: 10 }, () => hitCounter(database.db, 'burst', 60_000)));
    expect(hits.map((h) => h.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    expect(new Set(hits.map((h) => h.resetAt.getTime())).size).toBe(1);
  });

  it('starts a new window when the old one has ended, and purges dead windows', async () => {
    await hitCounter(database.db, 'window', 60_000);
    await hitCounter(database.db, 'window', 60_000);
    await database.db.update(rateLimits).set({ resetAt: new Date(Date.now() - 1000) }).where(eq(rateLimits.key, 'window'));
    const fresh = await hitCounter(database.db, 'window', 60_000);
    expect(fresh.count).toBe(1);
    expect(fresh.resetAt.getTime()).toBeGreaterThan(Date.now() + 50_000);

    await database.db.update(rateLimits).set({ resetAt: new Date(Date.now() - 1000) }).where(eq(rateLimits.key, 'window'));
    expect(await deleteExpiredCounters(database.db)).toBe(1);
    const left = await database.db.select().from(rateLimits);
    expect(left.map((r) => r.key)).toEqual(['burst']);
  });
});
