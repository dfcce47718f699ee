import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './api-client';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api', () => {
  it('starts each request in a task of its own, after the caller’s', async () => {
    // A microtask queued by one fetch has run by the time the next fetch starts only if the two started in different
    // tasks: a page's sections ask together, in one task of React's effects (decision 021).
    const started: { url: string; microtasksRun: number }[] = [];
    let microtasksRun = 0;
    vi.stubGlobal('fetch', (url: string) => {
      started.push({ url, microtasksRun });
      queueMicrotask(() => (microtasksRun += 1));
      return Promise.resolve(new Response('{"ok":true}', { status: 200, headers: { 'content-type': 'application/json' } }));
    });

    const answers = Promise.all([api('/first'), api('/second')]);
    expect(started, 'nothing starts in the caller’s task').toEqual([]);
    await expect(answers).resolves.toEqual([{ ok: true }, { ok: true }]);
    expect(started).toEqual([
      { url: '/api/first', microtasksRun: 0 },
      { url: '/api/second', microtasksRun: 1 },
    ]);
  });
});
