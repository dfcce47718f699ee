import { describe, expect, it } from 'vitest';
import type { SessionCheck } from './repos/system.repo';
import { createSessionCache } from './session-cache';

const check = (name: string) => ({ user: { firstName: name } }) as unknown as SessionCheck;

describe('session cache (decision 019)', () => {
  it('keeps nothing until LISTEN is in place, nor after it is lost', async () => {
    const cache = createSessionCache({ maxAgeMs: 60_000 });
    let loads = 0;
    const load = async () => check(`load ${++loads}`);
    await cache.get('s1', 'u1', load);
    await cache.get('s1', 'u1', load);
    expect(loads).toBe(2);
    cache.setListening(true);
    await cache.get('s1', 'u1', load);
    expect(await cache.get('s1', 'u1', load)).toEqual(check('load 3'));
    cache.setListening(false);
    expect(await cache.get('s1', 'u1', load)).toEqual(check('load 4'));
    expect(cache.size).toBe(0);
  });

  it("drops one user's entries, shares concurrent loads, never keeps misses or failures, and ends at the max age", async () => {
    let now = 0;
    const cache = createSessionCache({ maxAgeMs: 60_000, now: () => now });
    cache.setListening(true);
    let loads = 0;
    const load = async () => check(`load ${++loads}`);
    const [a, b] = await Promise.all([cache.get('s1', 'u1', load), cache.get('s1', 'u1', load)]);
    expect(a).toBe(b);
    await cache.get('s2', 'u2', load);
    cache.dropUser('u1');
    expect(await cache.get('s1', 'u1', load)).toEqual(check('load 3'));
    expect(await cache.get('s2', 'u2', load)).toEqual(check('load 2'));

    expect(await cache.get('forged', 'u3', async () => undefined)).toBeUndefined();
    await expect(cache.get('s3', 'u3', async () => Promise.reject(new Error('db down')))).rejects.toThrow();
    await Promise.resolve();
    expect(await cache.get('forged', 'u3', load)).toEqual(check('load 4'));
    expect(await cache.get('s3', 'u3', load)).toEqual(check('load 5'));

    now = 61_000;
    expect(await cache.get('s2', 'u2', load)).toEqual(check('load 6'));
    cache.clear();
    expect(cache.size).toBe(0);
  });
});
