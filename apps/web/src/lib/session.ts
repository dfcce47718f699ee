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

/** `run()`, or undefined when it throws: storage may be unavailable (private mode), a token unreadable. */
function attempt<T>(run: () => T): T | undefined {
  try {
    return run();
  } catch {
    return undefined;
  }
}

/** Login stores where the visitor was, so the login return page can send them back there (spec §2 login modal). */
export function storeReturnAddress(path: string): void {
  // Only same-site paths: never an absolute URL (open redirect). Without storage, returning to '/' is fine.
  if (isSitePath(path)) attempt(() => sessionStorage.setItem(RETURN_KEY, path));
}

/** The stored return address, if any, without removing it. */
export function peekReturnAddress(): string | undefined {
  const value = attempt(() => sessionStorage.getItem(RETURN_KEY));
  return value && isSitePath(value) ? value : undefined;
}

export function takeReturnAddress(): string {
  const value = peekReturnAddress();
  attempt(() => sessionStorage.removeItem(RETURN_KEY));
  return value ?? '/';
}

/** The `exp` claim (seconds) of a JWT, read without verification: the server verifies, the web only plans. */
function jwtExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  const base64 = payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '=');
  const exp = attempt(() => (JSON.parse(atob(base64)) as { exp?: unknown }).exp);
  return typeof exp === 'number' && Number.isFinite(exp) ? exp : null;
}

function read(): StoredSession | null {
  const stored = attempt(() => JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null') as Partial<StoredSession> | null);
  const { id_token, access_token, token_type, expires_at, id_expires_at } = stored ?? {};
  if (typeof id_token !== 'string' || !id_token || typeof access_token !== 'string' || typeof token_type !== 'string') return null;
  if (typeof expires_at !== 'number') return null;
  return { id_token, access_token, token_type, expires_at, id_expires_at: typeof id_expires_at === 'number' ? id_expires_at : null };
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
  // Without storage the session lives in memory for this page only.
  attempt(() => localStorage.setItem(SESSION_KEY, JSON.stringify(session)));
  current = session;
  notify();
  return session;
}

/** Ends the session and tells the listeners why; nothing when already logged out (one warning for many refusals). */
export function endSession(reason: SessionEndReason): void {
  if (!current) return;
  current = null;
  attempt(() => localStorage.removeItem(SESSION_KEY));
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
