import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createPublicCache, etagMatches, pickEncoding } from './public-cache';

const schema = { parse: (v: unknown) => v };

describe('public cache (decision 017)', () => {
  it('shares one load, keeps the entry until invalidated, and a load in flight does not outlive an invalidation', async () => {
    let loads = 0;
    let release!: () => void;
    const cache = createPublicCache({ maxAgeMs: 60_000 });
    const slow = () => new Promise<number[]>((resolve) => ((release = () => resolve([++loads])), undefined));
    const [a, b] = [cache.get('k', schema, slow), cache.get('k', schema, slow)];
    release();
    expect((await a).text).toBe('[1]');
    expect(await b).toBe(await a);
    expect((await cache.get('k', schema, async () => [99])).text).toBe('[1]');

    const inFlight = cache.get('j', schema, slow);
    cache.invalidate();
    release();
    await inFlight;
    expect((await cache.get('j', schema, async () => ['new'])).text).toBe('["new"]');
    expect((await cache.get('k', schema, async () => ['fresh'])).text).toBe('["fresh"]');
  });

  it('an invalidation drops every entry, lists and pages alike', async () => {
    const cache = createPublicCache({ maxAgeMs: 60_000 });
    const text = async (key: string, value: string) => (await cache.get(key, schema, async () => value)).text;
    await text('a', 'a1');
    await text('all', 'all1');
    await cache.remember('page', async () => 'page1');
    expect(await text('a', 'a2')).toBe('"a1"');
    cache.invalidate();
    expect(cache.size).toBe(0);
    expect(await text('a', 'a2')).toBe('"a2"');
    expect(await text('all', 'all2')).toBe('"all2"');
    expect(await cache.remember('page', async () => 'page2')).toBe('page2');
  });

  it('an entry whose answer changes with time alone expires at that moment, the first one reported (issue 36)', async () => {
    let now = 0;
    const cache = createPublicCache({ maxAgeMs: 60_000, now: () => now });
    const text = async (key: string, value: string, holdEnds: number[] = []) =>
      (await cache.get(key, schema, async (deps) => (holdEnds.forEach((ms) => deps.changesIn(ms)), value))).text;
    await text('a', 'a1', [20_000, 15_000]);
    await text('b', 'b1');
    await text('far', 'far1', [120_000]);
    // A page passes its deps to the lists it reads, so it expires with them.
    await cache.remember('page', async (deps) => (deps.changesIn(15_000), 'page1'));
    now = 14_999;
    expect(await text('a', 'a2')).toBe('"a1"');
    expect(await cache.remember('page', async () => 'page2')).toBe('page1');
    now = 15_000;
    expect(await text('a', 'a2', [5_000])).toBe('"a2"');
    expect(await cache.remember('page', async () => 'page2')).toBe('page2');
    expect(await text('b', 'b2')).toBe('"b1"');
    // The reload's own report counts from its load: it expires in turn.
    now = 19_999;
    expect(await text('a', 'a3')).toBe('"a2"');
    now = 20_000;
    expect(await text('a', 'a3')).toBe('"a3"');
    // A moment past the max age does not lengthen the entry's life.
    now = 59_999;
    expect(await text('far', 'far2')).toBe('"far1"');
    now = 60_000;
    expect(await text('far', 'far2')).toBe('"far2"');
    expect(await text('b', 'b2')).toBe('"b2"');
  });

  it('expires at the max age, shorter while degraded; never caches failures', async () => {
    let now = 0;
    const cache = createPublicCache({ maxAgeMs: 60_000, degradedMaxAgeMs: 2000, now: () => now });
    await cache.get('k', schema, async () => 1);
    now = 59_000;
    expect((await cache.get('k', schema, async () => 2)).text).toBe('1');
    now = 61_000;
    expect((await cache.get('k', schema, async () => 3)).text).toBe('3');
    cache.setDegraded(true);
    await cache.get('k', schema, async () => 4);
    now = 63_500;
    expect((await cache.get('k', schema, async () => 5)).text).toBe('5');
    await expect(cache.get('x', schema, async () => Promise.reject(new Error('db down')))).rejects.toThrow();
    expect((await cache.get('x', schema, async () => 6)).text).toBe('6');
  });

  it('compresses once per encoding; the ETag is the text', async () => {
    const cache = createPublicCache({ maxAgeMs: 60_000 });
    const body = await cache.get('k', schema, async () => Array.from({ length: 200 }, (_, i) => ({ i, name: 'Babysvømming' })));
    expect(brotliDecompressSync(await body.encoded('br')).toString()).toBe(body.text);
    expect(gunzipSync(await body.encoded('gzip')).toString()).toBe(body.text);
    expect(body.encoded('br')).toBe(body.encoded('br'));
    const same = await createPublicCache({ maxAgeMs: 0 }).get('k', schema, async () => JSON.parse(body.text));
    expect(same.etag).toBe(body.etag);
  });

  it('reads If-None-Match and Accept-Encoding', () => {
    expect(etagMatches('W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"x", "abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('*', 'W/"abc"')).toBe(true);
    expect(etagMatches('"abd"', 'W/"abc"')).toBe(false);
    expect(etagMatches(undefined, 'W/"abc"')).toBe(false);
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip, br;q=0')).toBe('gzip');
    expect(pickEncoding('identity')).toBe(null);
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding(undefined)).toBe(null);
  });

  it('answers each Accept-Encoding on its own, however many kinds it has seen', () => {
    for (let i = 0; i < 200; i++) expect(pickEncoding(`gzip;q=${i % 2}, x-${i}`)).toBe(i % 2 ? 'gzip' : null);
    expect(pickEncoding('gzip, br;q=0')).toBe('gzip');
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
  });
});
