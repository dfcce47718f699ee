import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { rateLimits } from '../db/schema';
import { createTestDatabase } from '../test/db';
import { deleteExpiredCounters, hitCounter, hitCounters } from '../repos/system.repo';

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

  it('several counters in one statement: in order, each atomically, none after the first past its max', async () => {
    const limits = [
      { key: 'user-a', windowMs: 60_000, max: 2 },
      { key: 'ip-a', windowMs: 60_000, max: 100 },
    ];
    const hits = await Promise.all(Array.from({ length: 5 }, () => hitCounters(database.db, limits)));
    // Every request counts against the user; only the two within the user's limit count against the IP.
    expect(hits.map((h) => h[0]!.count).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
    expect(hits.filter((h) => h.length === 2).map((h) => h[1]!.count).sort((a, b) => a - b)).toEqual([1, 2]);
    expect(hits.filter((h) => h.length === 1)).toHaveLength(3);
    const [ip] = await database.db.select().from(rateLimits).where(eq(rateLimits.key, 'ip-a'));
    expect(ip!.count).toBe(2);
    expect((await hitCounter(database.db, 'user-a', 60_000)).count).toBe(6);
    await database.db.delete(rateLimits).where(eq(rateLimits.key, 'user-a'));
    await database.db.delete(rateLimits).where(eq(rateLimits.key, 'ip-a'));
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
