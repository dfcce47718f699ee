import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServiceContext } from '../../context';

// The opening's reads, counted: each load of a snapshot reads the opening and its tickets once.
const reads = vi.hoisted(() => ({ n: 0, fail: false, release: [] as (() => void)[] }));
vi.mock('../../repos/queue.repo', () => ({
  findOpening: async () => ({ opensAt: new Date(0), sealedAt: new Date(0), endedAt: null }),
  ticketsOf: async () => {
    reads.n += 1;
    const n = reads.n;
    await new Promise<void>((resolve) => reads.release.push(resolve));
    if (reads.fail) throw new Error('database down');
    return [{ id: `t${n}`, profileId: 'p1', sortKey: n, admittedAt: null, leftAt: null }];
  },
}));
const { refreshSnapshots, snapshotOf } = await import('./seats');

const ctx = { env: { NODE_ENV: 'production' }, db: {} } as unknown as ServiceContext;
/** Lets the pending reads answer. */
const answer = async () => {
  for (const release of reads.release.splice(0)) release();
  await vi.advanceTimersByTimeAsync(0);
};

describe("the waiting room's snapshot of an opening (decision 041)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    reads.n = 0;
    reads.fail = false;
  });
  afterEach(() => vi.useRealTimers());

  it('is read once a second at most, answered from the last one while the next is read, and read again when the line moves', async () => {
    const opensAt = new Date('2027-01-10T18:00:00Z');
    const first = snapshotOf(ctx, opensAt);
    await answer();
    expect((await first).keys.map((k) => k.id)).toEqual(['t1']);
    // Within the second: the same snapshot, no read.
    vi.advanceTimersByTime(900);
    expect((await snapshotOf(ctx, opensAt)).keys[0]!.id).toBe('t1');
    expect(reads.n).toBe(1);

    // Older than a second: the poll is answered at once from the last one, and one read starts for everyone.
    vi.advanceTimersByTime(200);
    expect((await snapshotOf(ctx, opensAt)).keys[0]!.id).toBe('t1');
    expect((await snapshotOf(ctx, opensAt)).keys[0]!.id).toBe('t1');
    expect(reads.n).toBe(2);
    await answer();
    expect((await snapshotOf(ctx, opensAt)).keys[0]!.id).toBe('t2');

    // The line moved (an admission on this instance): the next use reads again.
    refreshSnapshots();
    await snapshotOf(ctx, opensAt);
    expect(reads.n).toBe(3);
    await answer();
    expect((await snapshotOf(ctx, opensAt)).keys[0]!.id).toBe('t3');
  });

  it('is not answered from a snapshot older than 10 s: the poll waits for the read, and a failed read is its error', async () => {
    const opensAt = new Date('2027-01-11T18:00:00Z');
    const first = snapshotOf(ctx, opensAt);
    await answer();
    await first;
    reads.fail = true;
    vi.advanceTimersByTime(1_500);
    expect((await snapshotOf(ctx, opensAt)).keys[0]!.id).toBe('t1');
    await answer();
    vi.advanceTimersByTime(10_000);
    const late = snapshotOf(ctx, opensAt);
    const settled = late.catch((error: Error) => error.message);
    await answer();
    expect(await settled).toBe('database down');
  });
});
