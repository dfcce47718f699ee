/** Client-side session (spec §3 'Stored session token') in localStorage; an expired or refused token ends it here. */
import type { SessionToken } from '@shared/api';
import { SESSION_KEY } from './session-key';

const RETURN_KEY = 'plask:returnTo';

export interface StoredSession {
  id_token: string;
  access_token: string;
  token_type: string;
  /** Epoch ms, from the token answer's expires_in. */
  expires_at: number;
  /** Epoch ms, from the id token's `exp` claim; null when the token carries none. */
  id_expires_at: number | null;
}

/** Why a session ended: 'expired' (timer, refused token) warns; 'user' is the logout button. */
export type SessionEndReason = 'expired' | 'user';

const isSitePath = (path: string) => path.startsWith('/') && !path.startsWith('//') && !path.includes('\\');

/** Login stores where the visitor was, so the login return page can send them back there (spec §2 login modal). */
export function storeReturnAddress(path: string): void {
  // Only same-site paths: never an absolute URL (open redirect).
  if (!isSitePath(path)) return;
  try {
    sessionStorage.setItem(RETURN_KEY, path);
  } catch {
    // storage may be unavailable (private mode): returning to '/' is fine
  }
}

/** The stored return address, if any, without removing it. */
export function peekReturnAddress(): string | undefined {
  try {
    const value = sessionStorage.getItem(RETURN_KEY);
    return value && isSitePath(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function takeReturnAddress(): string {
  const value = peekReturnAddress();
  try {
    sessionStorage.removeItem(RETURN_KEY);
  } catch {
    // ignore
  }
  return value ?? '/';
}

/** The `exp` claim (seconds) of a JWT, read without verification: the server verifies, the web only plans. */
function jwtExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const claims = JSON.parse(atob(base64)) as { exp?: unknown };
    return typeof claims.exp === 'number' && Number.isFinite(claims.exp) ? claims.exp : null;
  } catch {
    return null;
  }
}

function read(): StoredSession | null {
  try {
    const raw = localStorage.getItem(SESSION_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<StoredSession> | null;
    if (
      !value ||
      typeof value.id_token !== 'string' ||
      !value.id_token ||
      typeof value.access_token !== 'string' ||
      typeof value.token_type !== 'string' ||
      typeof value.expires_at !== 'number'
    ) {
      return null;
    }
    return {
      id_token: value.id_token,
      access_token: value.access_token,
      token_type: value.token_type,
      expires_at: value.expires_at,
      id_expires_at: typeof value.id_expires_at === 'number' ? value.id_expires_at : null,
    };
  } catch {
    return null;
  }
}

let current: StoredSession | null = typeof window === 'undefined' ? null : read();
const listeners = new Set<() => void>();
const endListeners = new Set<(reason: SessionEndReason) => void>();

const notify = () => listeners.forEach((listener) => listener());

if (typeof window !== 'undefined') {
  // Another tab logged in or out.
  window.addEventListener('storage', (event) => {
    if (event.key !== SESSION_KEY && event.key !== null) return;
    const next = read();
    if (next?.id_token === current?.id_token) return;
    current = next;
    notify();
  });
}

/** The stored session (the same object until it changes), or null when logged out. May be past its expiry. */
export const getSession = (): StoredSession | null => current;

/** When the session stops being usable: the earlier of the session's and the id token's expiry (epoch ms). */
export const sessionExpiry = (session: StoredSession): number => Math.min(session.expires_at, session.id_expires_at ?? Infinity);

export const isSessionExpired = (session: StoredSession, now = Date.now()): boolean => sessionExpiry(session) <= now;

/** The Authorization header value: token type plus the id token (spec §7). */
export const authorizationHeader = (session: StoredSession): string => `${session.token_type || 'Bearer'} ${session.id_token}`;

/** Stores the login's token answer (spec §3, §9: expires_at from expires_in, id_expires_at from the exp claim). */
export function startSession(token: Omit<SessionToken, 'returnTo'>, now = Date.now()): StoredSession {
  const exp = jwtExpiry(token.id_token);
  const session: StoredSession = {
    id_token: token.id_token,
    access_token: token.access_token,
    token_type: token.token_type,
    expires_at: now + token.expires_in * 1000,
    id_expires_at: exp === null ? null : exp * 1000,
  };
  try {
    localStorage.setItem(SESSION_KEY, JSON.stringify(session));
  } catch {
    // Without storage the session lives in memory for this page only.
  }
  current = session;
  notify();
  return session;
}

/** Ends the session and tells the listeners why; nothing when already logged out (one warning for many refusals). */
export function endSession(reason: SessionEndReason): void {
  if (!current) return;
  current = null;
  try {
    localStorage.removeItem(SESSION_KEY);
  } catch {
    // ignore
  }
  notify();
  // Ended before the watcher that warns is mounted (a route loader's refused token): the reason waits for it.
  if (endListeners.size === 0) unheardEnd = reason;
  endListeners.forEach((listener) => listener(reason));
}

let unheardEnd: SessionEndReason | null = null;

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function onSessionEnd(listener: (reason: SessionEndReason) => void): () => void {
  endListeners.add(listener);
  if (unheardEnd) {
    const reason = unheardEnd;
    unheardEnd = null;
    listener(reason);
  }
  return () => endListeners.delete(listener);
}
