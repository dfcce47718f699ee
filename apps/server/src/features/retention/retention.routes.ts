import type { Feature } from '../feature';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { keepAccountInputSchema, keepAccountLinkSchema, okSchema, retentionPlanSchema, retentionRunsSchema } from '@app/shared';
import { ctxOf } from '../../context';
import { errorResponses } from '../../plugins/errors';
import * as service from './retention.service';

/** Retention (issue 39): the admin's dry run and run log; the guardian's keep link (a link that carries a secret). */
export const retentionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/retention/plan',
    { config: { access: 'admin' }, schema: { response: { 200: retentionPlanSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN') } } },
    (request) => service.dryRun(ctxOf(request)),
  );
  app.get(
    '/admin/retention/runs',
    { config: { access: 'admin' }, schema: { response: { 200: retentionRunsSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN') } } },
    (request) => service.listRuns(ctxOf(request)),
  );
  // The secret travels in the body (never the URL), and the answers are not kept or referred anywhere.
  const secretHeaders = { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' };
  app.post(
    '/retention/keep/open',
    { schema: { body: keepAccountInputSchema, response: { 200: keepAccountLinkSchema, ...errorResponses('VALIDATION', 'NOT_FOUND') } } },
    async (request, reply) => reply.headers(secretHeaders).send(await service.openKeepLink(ctxOf(request), request.body.secret)),
  );
  app.post(
    '/retention/keep',
    { schema: { body: keepAccountInputSchema, response: { 200: okSchema, ...errorResponses('VALIDATION', 'NOT_FOUND') } } },
    async (request, reply) => reply.headers(secretHeaders).send(await service.keepAccount(ctxOf(request), request.body.secret)),
  );
};

export const retentionFeature: Feature = {
  name: 'retention',
  routes: [retentionRoutes],
  jobs: (ctx) => [
    {
      // Once a day after the last logged run (decision 038); instances take turns on an advisory lock.
      name: 'retention',
      everyMs: ctx.env.RETENTION_JOB_MS,
      run: async () => {
        const done = await service.runIfDue(ctx);
        if (done) {
          const counts = { children: done.children.length, healthNotes: done.healthNotes.length, guardians: done.guardians.length };
          ctx.log.info({ job: 'retention', ...counts, warnings: done.guardianWarnings.length + done.healthNoteWarnings.length }, 'retention ran');
        }
      },
    },
  ],
};
