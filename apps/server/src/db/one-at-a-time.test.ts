import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { oneAtATime } from './client';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('oneAtATime: the embedded database handed out one caller at a time', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs callers in order, one at a time', async () => {
    const gate = oneAtATime(1_000);
    const first = deferred();
    const order: string[] = [];
    const a = gate(async () => {
      order.push('a starts');
      await first.promise;
      order.push('a ends');
    });
    const b = gate(async () => void order.push('b'));
    const c = gate(async () => void order.push('c'));
    await vi.advanceTimersByTimeAsync(500);
    expect(order).toEqual(['a starts']);
    first.resolve();
    await Promise.all([a, b, c]);
    expect(order).toEqual(['a starts', 'a ends', 'b', 'c']);
  });

  it('fails a caller that waited too long with BUSY, and never runs its work later', async () => {
    const gate = oneAtATime(1_000);
    const held = deferred();
    const holder = gate(() => held.promise);
    const work = vi.fn(async () => 'ran');
    const waiting = gate(work);
    const outcome = expect(waiting).rejects.toMatchObject({ code: 'BUSY' });
    await vi.advanceTimersByTimeAsync(1_000);
    await outcome;
    held.resolve();
    await holder;
    expect(await gate(async () => 'next')).toBe('next');
    expect(work).not.toHaveBeenCalled();
  });

  it('a transaction that waits on the outer connection gives up instead of waiting forever', async () => {
    const gate = oneAtATime(1_000);
    // The bug of issue 34: inside the held connection, a query on the outer one.
    const deadlock = gate(() => gate(async () => 'never'));
    const outcome = expect(deadlock).rejects.toMatchObject({ code: 'BUSY' });
    await vi.advanceTimersByTimeAsync(1_000);
    await outcome;
    expect(await gate(async () => 'after')).toBe('after');
  });
});
