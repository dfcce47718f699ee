import type { Feature } from '../feature';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calendarDay, idSchema, personName, sessionTokenSchema } from '@app/shared';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../plugins/errors';
import { ctxOf } from '../../context';
import * as service from './test-people.service';

const inputSchema = z.object({
  role: z.enum(['parent', 'instructor', 'admin']).default('parent'),
  lastName: personName(100).optional(),
  children: z.array(z.object({ firstName: personName(100), birthdate: calendarDay }).strict()).max(6).default([]),
}).strict();
const personSchema = z.object({
  session: sessionTokenSchema,
  user: z.object({ _id: idSchema, firstName: z.string(), lastName: z.string(), email: z.string().nullable(), phone: z.string().nullable() }),
  profileId: idSchema,
  children: z.array(z.object({ _id: idSchema, firstName: z.string(), lastName: z.string(), birthdate: z.string() })),
});

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** POST /test/people (decision 052): only with E2E_TEST_ENDPOINTS=1, only to the socket's loopback address; else 404. */
export const testPeopleRoutes: FastifyPluginAsyncZod = async (app) => {
  if (app.env.E2E_TEST_ENDPOINTS !== '1') return;
  app.post(
    '/test/people',
    { schema: { body: inputSchema, response: { 200: personSchema, ...errorResponses('VALIDATION', 'NOT_FOUND') } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      if (!LOOPBACK.has(request.socket.remoteAddress ?? '')) throw new AppError('NOT_FOUND', `No route POST ${request.url}`);
      return service.createTestPerson(ctxOf(request), app.sessions, request.body, request.headers['user-agent']);
    },
  );
};

export const testPeopleFeature: Feature = { name: 'test-people', routes: [testPeopleRoutes] };
