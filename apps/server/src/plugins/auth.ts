import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { toViewer, type Viewer } from '../context';
import { findSessionUser } from '../repos/users.repo';
import { createTtlCache } from '../ttl-cache';
import { AppError } from './errors';

/**
 * The role gate. Every request with `Authorization: Bearer <session token>` gets `request.user`; routes say who
 * may call them with `config: { access }` (default 'anonymous'). Object-level rules (own profile, own course) are
 * the access module's (access/access.ts), asked by the services with the request's context:
 *
 *   app.get('/users/me', { config: { access: 'user' } }, (request) => service.currentUser(ctxOf(request)))
 */
export type Access = 'anonymous' | 'user' | 'instructor' | 'admin';

export const SESSION_LIFETIME_SECONDS = 12 * 60 * 60;
const ISSUER = 'babysvomming';
const AUDIENCE = 'babysvomming-api';

export interface Sessions {
  /** A signed session token (HS256) for the user; the server keeps no session state. */
  issue(userId: string): Promise<{ token: string; expiresIn: number }>;
  verify(token: string): Promise<{ userId: string } | { error: 'SESSION_EXPIRED' | 'UNAUTHENTICATED' }>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** The caller, or null for a visitor (no token, or an invalid one on an anonymous route). */
    user: Viewer;
  }
  interface FastifyInstance {
    sessions: Sessions;
  }
}

export function createSessions(secret: string, lifetimeSeconds = SESSION_LIFETIME_SECONDS): Sessions {
  const key = new TextEncoder().encode(secret);
  return {
    async issue(userId) {
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(`${lifetimeSeconds}s`)
        .setJti(randomBytes(16).toString('base64url'))
        .sign(key);
      return { token, expiresIn: lifetimeSeconds };
    },
    async verify(token) {
      try {
        // The signature is checked before the claims, so a tampered expired token is UNAUTHENTICATED.
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
        return payload.sub ? { userId: payload.sub } : { error: 'UNAUTHENTICATED' };
      } catch (err) {
        return { error: err instanceof joseErrors.JWTExpired ? 'SESSION_EXPIRED' : 'UNAUTHENTICATED' };
      }
    },
  };
}

const BEARER = /^bearer[ \t]+([A-Za-z0-9\-_.]+)[ \t]*$/i;

export default fp(
  async (app) => {
    let secret = app.env.SESSION_SECRET;
    if (!secret) {
      secret = randomBytes(32).toString('base64url');
      app.log.warn('SESSION_SECRET is not set: using a random one, so sessions end on restart and are not shared between instances');
    }
    const sessions = createSessions(secret);
    app.decorate('sessions', sessions);
    app.decorateRequest('user', null);
    // Every signed-in request asks who the user is now (roles, still there); a short memory spares the database.
    const sessionUsers = createTtlCache(app.env.SESSION_USER_CACHE_MS);

    app.addHook('onRequest', async (request) => {
      const access: Access = request.routeOptions.config?.access ?? 'anonymous';
      const header = request.headers.authorization;
      let failure: 'SESSION_EXPIRED' | 'UNAUTHENTICATED' = 'UNAUTHENTICATED';
      if (header) {
        const token = BEARER.exec(header)?.[1];
        const verified = token ? await sessions.verify(token) : ({ error: 'UNAUTHENTICATED' } as const);
        if ('userId' in verified) {
          const user = await sessionUsers.get(verified.userId, () => findSessionUser(app.db, verified.userId));
          // A deleted user's token is as good as none.
          if (user) request.user = toViewer(user);
        } else {
          failure = verified.error;
        }
      }
      if (access === 'anonymous') return;
      const user = request.user;
      if (!user) throw new AppError(failure, failure === 'SESSION_EXPIRED' ? 'Session expired' : 'Authentication required');
      const allowed =
        access === 'user' || user.isAdmin || (access === 'instructor' && user.isInstructor);
      if (!allowed) throw new AppError('FORBIDDEN', 'Not allowed');
    });
  },
  { name: 'auth' },
);
