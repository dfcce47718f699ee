import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Role } from '@app/shared';
import { findSessionUser } from '../features/auth/auth.repo';
import { createTtlCache } from '../ttl-cache';
import { AppError } from './errors';

/**
 * Access control. Every request with `Authorization: Bearer <session token>` gets `request.user`; routes say who
 * may call them with `config: { access }` (default 'anonymous'). Object-level rules (own profile, own course) stay
 * in the services, which receive the viewer.
 *
 *   app.get('/users/me', { config: { access: 'user' } }, (request) => service.me(app.db, request.user!))
 */
export type Access = 'anonymous' | 'user' | 'instructor' | 'admin';

export type Viewer = { id: string; roles: Role[]; isAdmin: boolean; isInstructor: boolean } | null;

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

export const viewerOf = (request: FastifyRequest): Viewer => request.user;

export function toViewer(user: { id: string; roles: string[] }): NonNullable<Viewer> {
  const roles = user.roles as Role[];
  return { id: user.id, roles, isAdmin: roles.includes('admin'), isInstructor: roles.includes('instructor') };
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

    // The one place for "never cache what a signed-in caller gets" (issue 9 finding 4): every answer to a request
    // that carried a session, or to a route that needs one, is no-store, whatever the route forgot to say.
    app.addHook('onSend', async (request, reply) => {
      const access: Access = request.routeOptions.config?.access ?? 'anonymous';
      if (!request.user && access === 'anonymous' && !request.headers.authorization) return;
      if (!/\bno-store\b/.test(String(reply.getHeader('cache-control') ?? ''))) reply.header('Cache-Control', 'no-store');
    });
  },
  { name: 'auth' },
);
