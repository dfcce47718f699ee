import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DbOrTx } from '../db/client';
import { createSessions } from './auth';

const SECRET = 'a-test-secret-of-enough-length-000000';
const sign = (secret: string, expiresAt: number) =>
  new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer('babysvomming')
    .setAudience('babysvomming-api')
    .setSubject('user-1')
    .setIssuedAt()
    .setExpirationTime(expiresAt)
    .setJti('session-1')
    .sign(new TextEncoder().encode(secret));

// verify() never touches the database (the session row is the request hook's).
const sessions = () => createSessions(SECRET, undefined as unknown as DbOrTx);

describe('session token check', () => {
  afterEach(() => vi.useRealTimers());

  it('a token expires at its exp', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-25T20:00:00Z') });
    const s = sessions();
    const token = await sign(SECRET, Math.floor(Date.now() / 1000) + 60);
    expect(await s.verify(token)).toEqual({ userId: 'user-1', sessionId: 'session-1' });
    vi.setSystemTime(new Date('2026-11-25T20:00:59Z'));
    expect(await s.verify(token)).toEqual({ userId: 'user-1', sessionId: 'session-1' });
    vi.setSystemTime(new Date('2026-11-25T20:01:00Z'));
    expect(await s.verify(token)).toEqual({ error: 'SESSION_EXPIRED' });
    expect(await s.verify(token)).toEqual({ error: 'SESSION_EXPIRED' });
  });

  it('a changed signature or another secret is refused, and the real token still passes', async () => {
    const s = sessions();
    const token = await sign(SECRET, Math.floor(Date.now() / 1000) + 3600);
    expect(await s.verify(token)).toMatchObject({ sessionId: 'session-1' });
    // Change the signature's first character: all six of its bits are signature bits (the last character's
    // lowest two are base64url padding, so changing only those would give the same signature).
    const at = token.lastIndexOf('.') + 1;
    const changed = `${token.slice(0, at)}${token[at] === 'A' ? 'g' : 'A'}${token.slice(at + 1)}`;
    expect(await s.verify(changed)).toEqual({ error: 'UNAUTHENTICATED' });
    expect(await s.verify(await sign('another-secret-of-enough-length-0000', Math.floor(Date.now() / 1000) + 3600))).toEqual({ error: 'UNAUTHENTICATED' });
    expect(await s.verify(token)).toMatchObject({ sessionId: 'session-1' });
  });
});
