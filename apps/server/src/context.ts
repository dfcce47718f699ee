import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Role } from '@app/shared';
import type { Db } from './db/client';
import type { Env } from './env';
import type { Payments } from './integrations/vipps/payments';
import { AppError } from './lib/app-error';

/** What every service function takes first: routes build it with ctxOf(request), jobs and tests with contextFor(). */
export interface ServiceContext {
  db: Db;
  env: Env;
  log: Log;
  /** Who asks: null for a visitor (or a background job). */
  viewer: Viewer;
  /** The caller's session (its `sessions` row id), when the context is a request's; null otherwise. */
  sessionId?: string | null;
  /** Use `ctx.clock.now()` instead of `new Date()` in rules, so tests can set the time. */
  clock: Clock;
  /** Vipps ePayment client and webhook secret (integrations/vipps/payments.ts). */
  payments: Payments;
}

/** A signed-in caller: the one name for it. */
export interface SignedIn {
  id: string;
  roles: Role[];
  isAdmin: boolean;
  isInstructor: boolean;
}

/** The caller, or null for a visitor. */
export type Viewer = SignedIn | null;

export type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error' | 'debug'>;

export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

export function toViewer(user: { id: string; roles: string[] }): SignedIn {
  const roles = user.roles as Role[];
  return { id: user.id, roles, isAdmin: roles.includes('admin'), isInstructor: roles.includes('instructor') };
}

/** The context of an app (its database, env, clock and payments) for a viewer: background jobs, tests. */
export function contextFor(app: Pick<FastifyInstance, 'db' | 'env' | 'clock' | 'payments' | 'log'>, viewer: Viewer = null, log: Log = app.log): ServiceContext {
  return { db: app.db, env: app.env, log, viewer, clock: app.clock, payments: app.payments };
}

/** The context of a request: the caller as the auth plugin identified it, the request's logger. */
export const ctxOf = (request: FastifyRequest): ServiceContext => ({
  ...contextFor(request.server, request.user ?? null, request.log),
  sessionId: request.sessionId ?? null,
});

/**
 * Runs `work` in one transaction, with a context whose database is that transaction. On PGlite (one connection) a
 * query on the outer `db` inside would wait for the transaction, which waits for it (decision 026; lint rule
 * tx/no-outer-db-in-transaction). Name the callback's parameter `ctx`, so the outer one is out of reach.
 */
export function withTx<T>(ctx: ServiceContext, work: (ctx: ServiceContext) => Promise<T>): Promise<T> {
  // eslint-disable-next-line tx/no-outer-db-in-transaction -- the one place that swaps the outer database for the transaction
  return ctx.db.transaction((tx) => work({ ...ctx, db: tx }));
}

/** The same context as someone else (e.g. an admin booking on a guardian's behalf is checked as that guardian). */
export const asViewer = (ctx: ServiceContext, viewer: Viewer): ServiceContext => ({ ...ctx, viewer });

/** The signed-in caller; UNAUTHENTICATED for a visitor (routes with `config.access: 'user'` never get one). */
export function signedIn(ctx: ServiceContext): SignedIn {
  if (!ctx.viewer) throw new AppError('UNAUTHENTICATED', 'Authentication required');
  return ctx.viewer;
}
