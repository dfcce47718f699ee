import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import underPressure from '@fastify/under-pressure';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { systemClock, type Clock } from './context';
import type { Db, Listen } from './db/client';
import type { Env } from './env';
import { createPublicCache, type PublicCache } from './public-cache';
import { createSessionCache, type SessionCache } from './session-cache';
import { features } from './features';
import { requestIdOf } from './logging';
import { createPayments, type Payments } from './integrations/vipps/payments';
import auth from './plugins/auth';
import { AppError } from './lib/app-error';
import errors, { apiNotFound, asJson, frameworkErrorHandler } from './plugins/errors';
import securityHeaders from './plugins/security-headers';
import web from './plugins/web';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    env: Env;
    publicCache: PublicCache;
    /** The session check's kept answers (session-cache.ts, decision 019). */
    sessionCache: SessionCache;
    /** The time for rules (ServiceContext.clock); tests may pass a movable one to buildApp. */
    clock: Clock;
    /** Vipps ePayment client and webhook secret (integrations/vipps/payments.ts). */
    payments: Payments;
  }
}

export interface BuildAppOptions {
  env: Env;
  db: Db;
  logger?: FastifyServerOptions['logger'];
  /** Serve the web build (production). Tests of the API leave it off. */
  serveWeb?: boolean;
  /** Vipps payments; default built from env. Tests pass one pointed at the simulator. */
  payments?: Payments;
  /** Default the system clock. */
  clock?: Clock;
  /** The time sessions' idle timeout is judged by, apart from `clock` so tests can move one and not the other. */
  sessionClock?: Clock;
  /** The database's LISTEN: every NOTIFY drops the public cache (decisions 017, 023); without it entries live 2 s. */
  listen?: Listen;
}

/** The channel the database's triggers notify on (db/migrations/0009_public_lists_notify.sql). */
export const PUBLIC_LISTS_CHANNEL = 'public_lists';
/** A user's session, row or families changed; the payload is their id, '' for all (db/migrations/0010). */
export const SESSIONS_CHANNEL = 'sessions_changed';

const OVERLOAD_RETRY_AFTER_SECONDS = 2;

const defaultDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** The whole server without listen(): tests call app.inject(), server.ts owns the port and shutdown. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: options.env.TRUST_PROXY,
    bodyLimit: 256 * 1024,
    // The load balancer's x-request-id when sane, else a UUID; echoed as x-request-id and logged as reqId.
    genReqId: requestIdOf,
    // Router-level errors (bad percent-encoding, over-long path parameter) get the API's error body too.
    frameworkErrors: frameworkErrorHandler,
    // One log line per request instead of Fastify's two (decision 017): the completed line below.
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    done();
  });
  app.decorate('db', options.db);
  app.decorate('env', options.env);
  app.decorate('clock', options.clock ?? systemClock);
  const publicCache = createPublicCache({ maxAgeMs: options.env.PUBLIC_CACHE_TTL_MS, degradedMaxAgeMs: 2000 });
  app.decorate('publicCache', publicCache);
  app.decorate('payments', options.payments ?? createPayments(options.env, options.db));

  if (publicCache.enabled) {
    // Until LISTEN is in place (or without it), entries live at most 2 s; every NOTIFY drops them all.
    publicCache.setDegraded(true);
    if (options.listen) {
      const listening = await options.listen(PUBLIC_LISTS_CHANNEL, {
        // Whatever the payload: drop every entry (decision 023).
        onNotify: () => publicCache.invalidate(),
        onLost: () => {
          app.log.warn('public lists: LISTEN connection lost; cached lists live at most 2 s until it is back');
          publicCache.setDegraded(true);
        },
        onReady: () => {
          publicCache.invalidate();
          publicCache.setDegraded(false);
        },
      });
      app.addHook('onClose', async () => listening.close());
    }
  }

  const sessionCache = createSessionCache({ maxAgeMs: options.env.SESSION_CACHE_TTL_MS });
  app.decorate('sessionCache', sessionCache);
  if (options.listen && options.env.SESSION_CACHE_TTL_MS > 0) {
    // Nothing is kept until LISTEN is in place, nor while it is lost: a missed NOTIFY could keep an ended session.
    const listening = await options.listen(SESSIONS_CHANNEL, {
      onNotify: (userId) => (userId ? sessionCache.dropUser(userId) : sessionCache.clear()),
      onLost: () => sessionCache.setListening(false),
      onReady: () => sessionCache.setListening(true),
    });
    app.addHook('onClose', async () => listening.close());
  }

  await app.register(errors);
  if (options.env.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS > 0) {
    // Overload answers 503 BUSY with Retry-After at once, rather than letting every request time out (decision 017).
    await app.register(underPressure, {
      maxEventLoopDelay: options.env.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS,
      sampleInterval: 250,
      pressureHandler: (_request, reply) => {
        reply.header('retry-after', String(OVERLOAD_RETRY_AFTER_SECONDS));
        throw new AppError('BUSY', 'The site is busy, try again in a moment');
      },
    });
  }
  await app.register(securityHeaders);
  await app.register(compress, { threshold: 1024 });
  // Before the routes: its onRequest hook sets request.user and enforces each route's config.access.
  await app.register(auth, { clock: options.sessionClock ?? systemClock });

  await app.register(
    async (api) => {
      api.setNotFoundHandler((request, reply) => asJson(reply).status(404).send(apiNotFound(request)));
      for (const routes of features.flatMap((f) => f.routes)) await api.register(routes);
    },
    { prefix: '/api' },
  );

  if (options.serveWeb) {
    await app.register(web, { distDir: options.env.WEB_DIST_DIR ? path.resolve(options.env.WEB_DIST_DIR) : defaultDist });
  }
  return app;
}
