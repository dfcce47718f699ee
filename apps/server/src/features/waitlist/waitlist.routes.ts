import type { Feature } from '../feature';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  coursePriorityInputSchema,
  coursePrioritySchema,
  coursePrioritySettingsSchema,
  courseWaitlistSchema,
  idParamsSchema,
  joinWaitlistInputSchema,
  myWaitlistEntrySchema,
  myWaitlistSchema,
  okSchema,
  waitlistOverviewSchema,
  waitlistSettingsInputSchema,
} from '@app/shared';
import { ctxOf } from '../../context';
import { errorResponses } from '../../plugins/errors';
import * as service from './waitlist.service';
import * as rollover from './rollover.service';
import { rolloverRoutes } from './rollover.routes';

const familyErrors = errorResponses(
  'VALIDATION',
  'UNAUTHENTICATED',
  'NOT_FOUND',
  'CHILD_ALREADY_IN_COURSE',
  'COURSE_ENDED',
  'LATE_BOOKING_CLOSED',
  'COURSE_NOT_FULL',
  'WAITLIST_CLOSED',
  'ALREADY_ON_WAITLIST',
  'WAITLIST_ENTRY_NOT_OPEN',
  'BUSY',
);
const adminErrors = errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'COURSE_FULL', 'WAITLIST_ENTRY_NOT_OPEN', 'BUSY');

/** The waitlist (issue 16, decision 016): the family joins and leaves; the admin sees the list and steers it. */
export const waitlistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/waitlist/mine',
    { config: { access: 'user' }, schema: { response: { 200: myWaitlistSchema, ...familyErrors } } },
    (request) => service.myWaitlist(ctxOf(request)),
  );

  app.post(
    '/courses/:id/waitlist',
    {
      config: { access: 'user' },
      schema: { params: idParamsSchema, body: joinWaitlistInputSchema, response: { 201: myWaitlistEntrySchema, ...familyErrors } },
    },
    async (request, reply) => {
      const entry = await service.joinWaitlist(ctxOf(request), request.params.id, request.body);
      return reply.code(201).send(entry);
    },
  );

  app.delete(
    '/waitlist/:id',
    { config: { access: 'user' }, schema: { params: idParamsSchema, response: { 200: okSchema, ...familyErrors } } },
    async (request) => {
      await service.leaveWaitlist(ctxOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/waitlist',
    { config: { access: 'admin' }, schema: { response: { 200: waitlistOverviewSchema, ...adminErrors } } },
    (request) => service.waitlistOverview(ctxOf(request)),
  );

  app.get(
    '/courses/:id/waitlist',
    { config: { access: 'admin' }, schema: { params: idParamsSchema, response: { 200: courseWaitlistSchema, ...adminErrors } } },
    (request) => service.courseWaitlist(ctxOf(request), request.params.id),
  );

  app.put(
    '/courses/:id/waitlist',
    {
      config: { access: 'admin' },
      schema: { params: idParamsSchema, body: waitlistSettingsInputSchema, response: { 200: courseWaitlistSchema, ...adminErrors } },
    },
    (request) => app.publicCache.invalidateAfter(service.setWaitlistSettings(ctxOf(request), request.params.id, request.body)),
  );

  app.post(
    '/waitlist/:id/offer',
    { config: { access: 'admin' }, schema: { params: idParamsSchema, response: { 200: courseWaitlistSchema, ...adminErrors } } },
    (request) => app.publicCache.invalidateAfter(service.offerByHand(ctxOf(request), request.params.id)),
  );

  app.post(
    '/waitlist/:id/skip',
    { config: { access: 'admin' }, schema: { params: idParamsSchema, response: { 200: courseWaitlistSchema, ...adminErrors } } },
    (request) => app.publicCache.invalidateAfter(service.skipEntry(ctxOf(request), request.params.id)),
  );

  app.get(
    '/courses/:id/priority',
    { config: { access: 'admin' }, schema: { params: idParamsSchema, response: { 200: coursePrioritySettingsSchema, ...adminErrors } } },
    (request) => service.getPriority(ctxOf(request), request.params.id),
  );

  app.put(
    '/courses/:id/priority',
    {
      config: { access: 'admin' },
      schema: { params: idParamsSchema, body: coursePriorityInputSchema, response: { 200: coursePrioritySchema, ...adminErrors } },
    },
    (request) => app.publicCache.invalidateAfter(service.setPriority(ctxOf(request), request.params.id, request.body)),
  );
};

export const waitlistFeature: Feature = {
  name: 'waitlist',
  routes: [waitlistRoutes, rolloverRoutes],
  jobs: (ctx) => [
    {
      // 'Behold plassen' (decision 060): payments mark offers accepted; offers past their reply-by release their places.
      name: 'rollover',
      everyMs: 60_000,
      run: async () => {
        const result = await rollover.processRollovers(ctx);
        if (result.accepted || result.released) ctx.log.info({ job: 'rollover', ...result }, 'rollovers processed');
      },
    },
    {
      // Waitlist offers: expired offers pass on, freed places are offered, priority invitations (decision 016).
      name: 'waitlist',
      everyMs: ctx.env.WAITLIST_JOB_MS,
      run: async () => {
        const result = await service.processWaitlists(ctx);
        if (result.offered || result.expired || result.invited) ctx.log.info({ job: 'waitlist', ...result }, 'waitlist processed');
      },
    },
  ],
};
