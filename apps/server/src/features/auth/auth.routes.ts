import type { Feature } from '../feature';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  appConfigSchema,
  currentUserSchema,
  loginStartQuerySchema,
  loginStartResponseSchema,
  loginTokenQuerySchema,
  sessionListSchema,
  sessionsEndedSchema,
  sessionTokenSchema,
} from '@app/shared';
import { appVersion } from '../../app-version';
import { ctxOf } from '../../context';
import { createVippsLoginClient } from '../../integrations/vipps/login';
import { errorResponses } from '../../plugins/errors';
import { rateLimit } from '../../plugins/rate-limit';
import * as service from './auth.service';
import { loginBrowserCookie, loginBrowserHash, loginBrowserValue, newLoginBrowserValue } from './login-browser';

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
      const browser = loginBrowserValue(request.headers.cookie) ?? newLoginBrowserValue();
      const answer = await service.startLogin(ctxOf(request), login, request.query.returnTo, loginBrowserHash(browser));
      reply.header(
        'Set-Cookie',
        loginBrowserCookie(browser, { secure: env.PUBLIC_URL.startsWith('https:'), maxAgeSeconds: service.LOGIN_ATTEMPT_TTL_MS / 1000 }),
      );
      return answer;
    },
  );

  app.get(
    '/vipps/token',
    {
      schema: {
        querystring: loginTokenQuerySchema,
        response: {
          200: sessionTokenSchema,
          ...errorResponses('VALIDATION', 'LOGIN_STATE_INVALID', 'LOGIN_BROWSER_MISMATCH', 'RATE_LIMITED', 'LOGIN_PROVIDER_UNAVAILABLE'),
        },
      },
      preHandler: limit('login-token'),
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return service.completeLogin(ctxOf(request), login, request.query, {
        cookie: loginBrowserValue(request.headers.cookie),
        userAgent: request.headers['user-agent'],
      });
    },
  );

  app.get(
    '/users/me',
    {
      config: { access: 'user', sessionUser: true },
      schema: { response: { 200: currentUserSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED') } },
    },
    // no-store comes from the auth plugin, like every signed-in answer. The user row came with the session check.
    async (request) => service.currentUser(ctxOf(request), request.sessionUser ?? undefined),
  );

  // The viewer's own sessions only: no route takes another user's session id.
  app.get(
    '/users/me/sessions',
    { config: { access: 'user' }, schema: { response: { 200: sessionListSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED') } } },
    async (request) => service.listSessions(ctxOf(request), request.sessionId),
  );

  app.delete(
    '/users/me/sessions',
    { config: { access: 'user' }, schema: { response: { 200: sessionsEndedSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED') } } },
    async (request) => service.endSessions(ctxOf(request), 'all'),
  );

  app.delete(
    '/users/me/sessions/current',
    { config: { access: 'user' }, schema: { response: { 200: sessionsEndedSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED') } } },
    async (request) => service.endSessions(ctxOf(request), { sessionId: request.sessionId! }),
  );

  app.get('/config', { schema: { response: { 200: appConfigSchema, ...errorResponses('VALIDATION') } } }, async () => service.appConfig(env));
};

export const authFeature: Feature = { name: 'auth', routes: [authRoutes] };
