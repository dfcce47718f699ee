import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { systemClock, type Clock } from './context';
import type { Db } from './db/client';
import type { Env } from './env';
import { createTtlCache, type TtlCache } from './ttl-cache';
import { apiRoutes } from './features';
import { requestIdOf } from './logging';
import { createPayments, type Payments } from './integrations/vipps/payments';
import auth from './plugins/auth';
import errors, { apiNotFound, frameworkErrorHandler } from './plugins/errors';
import securityHeaders from './plugins/security-headers';
import web from './plugins/web';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    env: Env;
    publicCache: TtlCache;
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
}

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
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.decorate('db', options.db);
  app.decorate('env', options.env);
  app.decorate('clock', options.clock ?? systemClock);
  app.decorate('publicCache', createTtlCache(options.env.PUBLIC_CACHE_TTL_MS));
  app.decorate('payments', options.payments ?? createPayments(options.env, options.db));

  await app.register(errors);
  await app.register(securityHeaders);
  await app.register(compress, { threshold: 1024 });
  // Before the routes: its onRequest hook sets request.user and enforces each route's config.access.
  await app.register(auth);

  await app.register(
    async (api) => {
      api.setNotFoundHandler((request, reply) => reply.status(404).send(apiNotFound(request)));
      for (const routes of apiRoutes) await api.register(routes);
    },
    { prefix: '/api' },
  );

  if (options.serveWeb) {
    await app.register(web, { distDir: options.env.WEB_DIST_DIR ? path.resolve(options.env.WEB_DIST_DIR) : defaultDist });
  }
  return app;
}
