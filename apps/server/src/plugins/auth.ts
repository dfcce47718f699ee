import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { toViewer, type Clock, type Viewer } from '../context';
import type { DbOrTx } from '../db/client';
import { findSession, insertSession, isLiveSession, touchSession, type SessionCheck } from '../repos/system.repo';
import type { UserRow } from '../repos/users.repo';
import { AppError } from '../lib/app-error';

/** The role gate: a Bearer session gives `request.user`; routes set `config: { access }` (object rules: access/). */
export type Access = 'anonymous' | 'user' | 'instructor' | 'admin';

export const SESSION_LIFETIME_SECONDS = 12 * 60 * 60;
const ISSUER = 'babysvomming';
const AUDIENCE = 'babysvomming-api';

/** How stale a session's "last used" may get before a request writes it again (one write per session per 5 min). */
const LAST_SEEN_RESOLUTION_MS = 5 * 60_000;

/** A session idle this long ends, counted from `last_seen_at`; a request with BACKGROUND_HEADER (polling) is no activity. */
export const IDLE_TIMEOUT_MS = 60 * 60_000;
export const ADMIN_IDLE_TIMEOUT_MS = 30 * 60_000;
export const BACKGROUND_HEADER = 'x-background-request';
const idleLimit = (roles: readonly string[]) => (roles.includes('admin') ? ADMIN_IDLE_TIMEOUT_MS : IDLE_TIMEOUT_MS);

export interface Sessions {
  /** A `sessions` row and its HS256 token (`jti` = the row's id); every request also checks the row, so it can end. */
  issue(userId: string, meta?: { userAgent?: string }): Promise<{ token: string; expiresIn: number; sessionId: string }>;
  /** The token's signature and claims only (the row is checked by the request hook). */
  verify(token: string): Promise<{ userId: string; sessionId: string } | { error: 'SESSION_EXPIRED' | 'UNAUTHENTICATED' }>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** The route answers with the caller's own user row: the session check brings it in the same query. */
    sessionUser?: boolean;
    /** A polled route (the queue position, live views): never counts as the person's activity. */
    background?: boolean;
  }
  interface FastifyRequest {
    /** The caller, or null for a visitor (no token, or an invalid one on an anonymous route). */
    user: Viewer;
    /** The caller's session (its `sessions` row id), or null for a visitor. */
    sessionId: string | null;
    /** With `config.sessionUser`: the caller's user row and profile ids, read with the session (else null). */
    sessionUser: { user: UserRow; profileIds: string[] } | null;
  }
  interface FastifyInstance {
    sessions: Sessions;
  }
}

export function createSessions(secret: string, db: DbOrTx, lifetimeSeconds = SESSION_LIFETIME_SECONDS): Sessions {
  // Imported once: given the secret's bytes, jose imports the key again (an async WebCrypto job) on every call.
  const key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  return {
    async issue(userId, meta = {}) {
      const sessionId = await insertSession(db, {
        userId,
        userAgent: meta.userAgent?.slice(0, 300) || null,
        expiresAt: new Date(Date.now() + lifetimeSeconds * 1000),
      });
      if (!sessionId) throw new AppError('UNAUTHENTICATED', 'No such user');
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(`${lifetimeSeconds}s`)
        .setJti(sessionId)
        .sign(await key);
      return { token, expiresIn: lifetimeSeconds, sessionId };
    },
    async verify(token) {
      try {
        // The signature is checked before the claims, so a tampered expired token is UNAUTHENTICATED.
        const { payload } = await jwtVerify(token, await key, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
        if (!payload.sub || !payload.jti || payload.exp === undefined) return { error: 'UNAUTHENTICATED' };
        return { userId: payload.sub, sessionId: payload.jti };
      } catch (err) {
        return { error: err instanceof joseErrors.JWTExpired ? 'SESSION_EXPIRED' : 'UNAUTHENTICATED' };
      }
    },
  };
}

const BEARER = /^bearer[ \t]+([A-Za-z0-9\-_.]+)[ \t]*$/i;

export default fp<{ clock: Clock }>(
  async (app, { clock }) => {
    let secret = app.env.SESSION_SECRET;
    if (!secret) {
      secret = randomBytes(32).toString('base64url');
      app.log.warn('SESSION_SECRET is not set: using a random one, so sessions end on restart and are not shared between instances');
    }
    const sessions = createSessions(secret, app.db);
    app.decorate('sessions', sessions);
    app.decorateRequest('user', null);
    app.decorateRequest('sessionId', null);
    app.decorateRequest('sessionUser', null);

    app.addHook('onRequest', async (request) => {
      const access: Access = request.routeOptions.config?.access ?? 'anonymous';
      const header = request.headers.authorization;
      let failure: 'SESSION_EXPIRED' | 'UNAUTHENTICATED' = 'UNAUTHENTICATED';
      if (header) {
        const token = BEARER.exec(header)?.[1];
        const verified = token ? await sessions.verify(token) : ({ error: 'UNAUTHENTICATED' } as const);
        if ('userId' in verified) {
          // Why: docs/decisions/019. Kept per session while this instance hears the row's NOTIFY (session-cache.ts).
          const now = clock.now();
          const { sessionId, userId } = verified;
          let session = await app.sessionCache.get(sessionId, userId, () => findSession(app.db, sessionId, userId));
          const idle = (check: SessionCheck) => now.getTime() - check.lastSeenAt.getTime() > idleLimit(check.roles);
          // The kept last use may be older than the row's (another instance): the row decides before an idle end.
          if (session && idle(session)) {
            const fresh = await findSession(app.db, sessionId, userId);
            if (fresh && fresh.lastSeenAt > session.lastSeenAt) session.lastSeenAt = fresh.lastSeenAt;
            if (!fresh) session = undefined;
          }
          if (session && isLiveSession(session, now) && !idle(session)) {
            request.user = toViewer({ id: userId, roles: session.roles });
            request.sessionId = sessionId;
            if (request.routeOptions.config?.sessionUser === true) request.sessionUser = { user: session.user, profileIds: session.profileIds };
            // A background request (polling) is answered but is no activity of the person's.
            const background = request.headers[BACKGROUND_HEADER] === '1' || request.routeOptions.config?.background === true;
            if (!background && now.getTime() - session.lastSeenAt.getTime() > LAST_SEEN_RESOLUTION_MS) {
              // Off the request's path; the kept answer learns the time too (the trigger ignores last_seen_at).
              session.lastSeenAt = now;
              touchSession(app.db, sessionId, now).catch((err: unknown) => request.log.warn({ err }, 'session last-used not written'));
            }
          } else if (session) {
            // Ended (logout, 'Logg ut overalt'), expired, idle too long, or the roles changed: the web says it ended.
            failure = 'SESSION_EXPIRED';
          }
          // No row at all (a deleted user, a forged id): as good as no token.
        } else {
          failure = verified.error;
        }
      }
      if (access === 'anonymous') return;
      const user = request.user;
      if (!user) throw new AppError(failure, failure === 'SESSION_EXPIRED' ? 'Session expired' : 'Authentication required');
      const allowed = access === 'user' || user.isAdmin || (access === 'instructor' && user.isInstructor);
      if (!allowed) throw new AppError('FORBIDDEN', 'Not allowed');
    });

    // The one place for "never cache what a signed-in caller gets": every answer with or for a session is no-store.
    app.addHook('onSend', async (request, reply) => {
      // A committed write drops the caller's kept session checks before the answer leaves (decision 019); a refused
      // one (4xx) changed nothing, so they stay (most payment starts on enrolment night are answered 'full').
      const refused = reply.statusCode >= 400 && reply.statusCode < 500;
      if (request.user && request.method !== 'GET' && request.method !== 'HEAD' && !refused) app.sessionCache.dropUser(request.user.id);
      const access: Access = request.routeOptions.config?.access ?? 'anonymous';
      if (!request.user && access === 'anonymous' && !request.headers.authorization) return;
      if (!/\bno-store\b/.test(String(reply.getHeader('cache-control') ?? ''))) reply.header('Cache-Control', 'no-store');
    });
  },
  { name: 'auth' },
);
