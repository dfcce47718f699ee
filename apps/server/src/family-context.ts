import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from './db/client';
import type { Env } from './env';
import type { Viewer } from './plugins/auth';

/**
 * What the family services (users, profiles, invites) take first. A subset of the ServiceContext of issue 8
 * ({ db, env, log, viewer, clock, payments }), so those services move to it without change when it lands.
 */
export interface FamilyContext {
  db: Db;
  env: Env;
  viewer: Viewer;
  clock: { now(): Date };
}

export const systemClock = { now: () => new Date() };

export const familyCtx = (app: FastifyInstance, request: FastifyRequest): FamilyContext => ({
  db: app.db,
  env: app.env,
  viewer: request.user,
  clock: systemClock,
});
