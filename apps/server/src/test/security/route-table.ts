import type { FastifyInstance, RouteOptions } from 'fastify';
import type { ZodType } from 'zod';
import type { Access } from '../../plugins/auth';

/**
 * Fastify's own route table, as the security tests see it. Fastify has no public "list every route with its
 * options" call, so the test files wrap the `fastify` factory with `vi.mock` and record every route through an
 * `onRoute` hook registered before any plugin:
 *
 *   vi.mock('fastify', async (importOriginal) =>
 *     (await import('./route-table')).withRouteRecorder(await importOriginal<typeof import('fastify')>()));
 *
 * Then `apiRoutesOf(app)` lists method, url, access and the zod schemas of every route under /api.
 */
export interface RecordedRoute {
  method: string;
  url: string;
  /** `${method} ${url}`, the key of the tables in the tests. */
  key: string;
  access: Access;
  schema: { params?: ZodType; querystring?: ZodType; body?: ZodType };
  /** The statuses the route declares a response schema for (its answers, errorResponses() included). */
  responses: number[];
}

const recorded = new WeakMap<object, RecordedRoute[]>();

type FastifyModule = typeof import('fastify');

export function withRouteRecorder(mod: FastifyModule): Record<string, unknown> {
  const original = mod.default as unknown as (...args: unknown[]) => FastifyInstance;
  const wrapped = (...args: unknown[]) => {
    const app = original(...args);
    const list: RecordedRoute[] = [];
    recorded.set(app, list);
    app.addHook('onRoute', (route: RouteOptions) => {
      const schema = (route.schema ?? {}) as RecordedRoute['schema'] & { response?: Record<string, unknown> };
      for (const method of [route.method].flat()) {
        list.push({
          method,
          url: route.url,
          key: `${method} ${route.url}`,
          access: (route.config as { access?: Access } | undefined)?.access ?? 'anonymous',
          schema: { params: schema.params, querystring: schema.querystring, body: schema.body },
          responses: Object.keys(schema.response ?? {}).map(Number),
        });
      }
    });
    return app;
  };
  Object.assign(wrapped, original);
  return { ...mod, default: wrapped, fastify: wrapped };
}

/**
 * Every route under /api (HEAD routes that Fastify adds beside each GET are left out: they run the same handler).
 * Throws when the recorder was not installed, so a test cannot pass on an empty table.
 */
export function apiRoutesOf(app: FastifyInstance): RecordedRoute[] {
  const list = recorded.get(app);
  if (!list) throw new Error('route recorder not installed: vi.mock("fastify") with withRouteRecorder() in the test file');
  const gets = new Set(list.filter((r) => r.method === 'GET').map((r) => r.url));
  const seen = new Set<string>();
  const out: RecordedRoute[] = [];
  for (const route of list) {
    if (!route.url.startsWith('/api/')) continue;
    if (route.method === 'HEAD' && gets.has(route.url)) continue;
    if (seen.has(route.key)) continue;
    seen.add(route.key);
    out.push(route);
  }
  if (out.length === 0) throw new Error('no /api routes recorded');
  return out.sort((a, b) => a.key.localeCompare(b.key));
}
