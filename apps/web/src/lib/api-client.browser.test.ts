import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './api-client';
import { endSession, startSession } from './session';

afterEach(() => {
  vi.unstubAllGlobals();
  endSession('user');
});

const okAnswer = () => Promise.resolve(new Response('{"ok":true}', { status: 200, headers: { 'content-type': 'application/json' } }));

describe('api', () => {
  it('sends the session of the moment it was called', async () => {
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
