import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  appConfigSchema,
  currentUserSchema,
  loginStartQuerySchema,
  loginStartResponseSchema,
  loginTokenQuerySchema,
  sessionTokenSchema,
} from '@app/shared';
import { appVersion } from '../../app-version';
import { ctxOf } from '../../context';
import { createVippsLoginClient } from '../../integrations/vipps/login';
import { errorResponses } from '../../plugins/errors';
import { rateLimit } from '../../plugins/rate-limit';
import * as service from './auth.service';

const TEN_MINUTES_MS = 10 * 60_000;

/** Spec §7 `/{provider}/login`, `/{provider}/token`, `GET /users/me`; plus `GET /config` for the web. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const env = app.env;
  const vipps =
    env.VIPPS_BASE_URL && env.VIPPS_CLIENT_ID && env.VIPPS_CLIENT_SECRET
      ? createVippsLoginClient({
          baseUrl: env.VIPPS_BASE_URL,
          clientId: env.VIPPS_CLIENT_ID,
          clientSecret: env.VIPPS_CLIENT_SECRET,
          systemName: 'babysvomming',
          systemVersion: appVersion(),
        })
      : null;
  const login: service.LoginProviders = { vipps, sessions: app.sessions };
  const limit = (name: string) => rateLimit({ name, max: () => app.env.LOGIN_RATE_LIMIT, windowMs: TEN_MINUTES_MS });

  app.get(
    '/vipps/login',
    {
      schema: {
        querystring: loginStartQuerySchema,
        response: { 200: loginStartResponseSchema, ...errorResponses('VALIDATION', 'RATE_LIMITED', 'LOGIN_PROVIDER_UNAVAILABLE') },
      },
      preHandler: limit('login-start'),
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return service.startLogin(ctxOf(request), login, request.query.returnTo);
    },
  );

  app.get(
    '/vipps/token',
    {
      schema: {
        querystring: loginTokenQuerySchema,
        response: {
          200: sessionTokenSchema,
          ...errorResponses('VALIDATION', 'LOGIN_STATE_INVALID', 'RATE_LIMITED', 'LOGIN_PROVIDER_UNAVAILABLE'),
        },
      },
      preHandler: limit('login-token'),
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return service.completeLogin(ctxOf(request), login, request.query);
    },
  );

  app.get(
    '/users/me',
    { config: { access: 'user' }, schema: { response: { 200: currentUserSchema, ...errorResponses('UNAUTHENTICATED') } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return service.currentUser(ctxOf(request));
    },
  );

  app.get('/config', { schema: { response: { 200: appConfigSchema } } }, async () => ({
    vippsTestMode: env.vippsTestMode,
    appVersion: appVersion(),
  }));
};
