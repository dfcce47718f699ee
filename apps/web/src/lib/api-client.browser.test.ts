import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './api-client';
import { endSession, startSession } from './session';

afterEach(() => {
  vi.unstubAllGlobals();
  endSession('user');
});

const okAnswer = () => Promise.resolve(new Response('{"ok":true}', { status: 200, headers: { 'content-type': 'application/json' } }));

describe('api', () => {
  it('starts each request in a task of its own, after the caller’s', async () => {
    // A microtask queued by one fetch has run by the time the next fetch starts only if the two started in different
    // tasks: a page's sections ask together, in one task of React's effects (decision 021).
    const started: { url: string; microtasksRun: number }[] = [];
    let microtasksRun = 0;
    vi.stubGlobal('fetch', (url: string) => {
      started.push({ url, microtasksRun });
      queueMicrotask(() => (microtasksRun += 1));
      return okAnswer();
    });

    const answers = Promise.all([api('/first'), api('/second')]);
    expect(started, 'nothing starts in the caller’s task').toEqual([]);
    await expect(answers).resolves.toEqual([{ ok: true }, { ok: true }]);
    expect(started).toEqual([
      { url: '/api/first', microtasksRun: 0 },
      { url: '/api/second', microtasksRun: 1 },
    ]);
  });

  it('sends the session of the moment it was called, though the request starts later', async () => {
    // 'Logg ut' asks the server to end the session, then forgets the token at once (logout-button.tsx).
    const sent: (string | null)[] = [];
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
      sent.push(new Headers(init.headers).get('authorization'));
      return okAnswer();
    });
    startSession({ id_token: 'the-token', access_token: 'a', token_type: 'Bearer', expires_in: 3600 });

    const answer = api('/users/me/sessions/current', { method: 'DELETE' });
    endSession('user');
    await answer;
    await api('/after');
    expect(sent).toEqual(['Bearer the-token', null]);
  });
});
