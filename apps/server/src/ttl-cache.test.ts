import { describe, expect, it } from 'vitest';
import { createTtlCache } from './ttl-cache';

describe('TTL cache', () => {
  it('answers from memory within the TTL and loads again after it', async () => {
    let clock = 0;
    let loads = 0;
    const cache = createTtlCache(2000, () => clock);
    const load = async () => ++loads;
    expect(await cache.get('k', load)).toBe(1);
    clock = 1999;
    expect(await cache.get('k', load)).toBe(1);
    clock = 2000;
    expect(await cache.get('k', load)).toBe(2);
  });

  it('shares one load between concurrent misses', async () => {
    let loads = 0;
    const cache = createTtlCache(1000);
    const results = await Promise.all(Array.from({ length: 50 }, () => cache.get('k', async () => ++loads)));
    expect(loads).toBe(1);
    expect(new Set(results)).toEqual(new Set([1]));
  });

  it('never keeps a failure', async () => {
    const cache = createTtlCache(1000);
    await expect(cache.get('k', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('k', async () => 'ok')).toBe('ok');
  });

  it('with a TTL of 0 always loads', async () => {
    let loads = 0;
    const cache = createTtlCache(0);
    await cache.get('k', async () => ++loads);
    await cache.get('k', async () => ++loads);
    expect(loads).toBe(2);
  });
});
