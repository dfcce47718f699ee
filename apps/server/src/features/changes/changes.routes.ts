import type { Feature } from '../feature';
import { sendReminders } from './reminders.service';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  calendarFeedSchema,
  cancelDateInputSchema,
  cancelledDatesSchema,
  choiceSecretSchema,
  closureOverviewSchema,
  chooseBySecretInputSchema,
  chooseInputSchema,
  courseChangesSchema,
  dateChoiceSchema,
  dateChoicesSchema,
  familyCreditSchema,
  idParamsSchema,
  placeClosureInputSchema,
  reminderSettingSchema,
} from '@app/shared';
import { ctxOf } from '../../context';
import { errorResponses } from '../../plugins/errors';
import * as service from './changes.service';
import * as feeds from './feed.service';

// Answers that carry or follow from a secret are never kept or referred anywhere.
const secretHeaders = { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' };

/** When plans change (issue 38): cancelled dates, the families' choices, family credit and the family calendar. */
export const changesRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.env.CALENDAR_FEED_KEY) {
    app.log.warn('CALENDAR_FEED_KEY is not set: using a random one, so calendar feed addresses change on restart and are not shared between instances');
  }
  app.post(
    '/courses/:id/cancelled-dates',
    { config: { access: 'admin' }, schema: { params: idParamsSchema, body: cancelDateInputSchema, response: { 200: cancelledDatesSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'NOT_A_COURSE_DATE', 'CONFLICT') } } },
    (request) => service.cancelCourseDate(ctxOf(request), request.params.id, request.body),
  );
  app.post(
    '/places/:id/closures',
    { config: { access: 'admin' }, schema: { params: idParamsSchema, body: placeClosureInputSchema, response: { 200: cancelledDatesSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'NOT_A_COURSE_DATE', 'CONFLICT') } } },
    (request) => service.closePlace(ctxOf(request), request.params.id, request.body),
  );
  app.get(
    '/cancelled-dates',
    { config: { access: 'admin' }, schema: { response: { 200: closureOverviewSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN') } } },
    (request) => service.closureOverview(ctxOf(request)),
  );
  app.delete(
    '/cancelled-dates/:id',
    { config: { access: 'admin' }, schema: { params: idParamsSchema, response: { 200: closureOverviewSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CLOSURE_ANNOUNCED') } } },
    (request) => service.undoClosure(ctxOf(request), request.params.id),
  );
  app.post(
    '/cancelled-dates/:id/announce',
    { config: { access: 'admin' }, schema: { params: idParamsSchema, response: { 200: closureOverviewSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND') } } },
    (request) => service.announceNow(ctxOf(request), request.params.id),
  );
  app.get(
    '/courses/:id/changes',
    { config: { access: 'user' }, schema: { params: idParamsSchema, response: { 200: courseChangesSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND') } } },
    (request) => service.courseChanges(ctxOf(request), request.params.id),
  );
  app.get(
    '/changes/mine',
    { config: { access: 'user' }, schema: { response: { 200: dateChoicesSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED') } } },
    (request) => service.myChoices(ctxOf(request)),
  );
  app.post(
    '/changes/:id/choose',
    {
      config: { access: 'user' },
      schema: { params: idParamsSchema, body: chooseInputSchema, response: { 200: dateChoiceSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'COURSE_FULL', 'ORDER_NOT_REFUNDABLE', 'REFUND_TOO_LARGE', 'PAYMENT_PROVIDER') } },
    },
    (request) => service.choose(ctxOf(request), request.params.id, request.body),
  );
  // The e-mail's link: its page shows the choice (open), then one tap chooses. The secret travels in the body.
  app.post(
    '/changes/open',
    { schema: { body: choiceSecretSchema, response: { 200: dateChoiceSchema, ...errorResponses('VALIDATION', 'NOT_FOUND') } } },
    async (request, reply) => {
      reply.headers(secretHeaders);
      return reply.send(await service.openBySecret(ctxOf(request), request.body.secret));
    },
  );
  app.post(
    '/changes/choose',
    { schema: { body: chooseBySecretInputSchema, response: { 200: dateChoiceSchema, ...errorResponses('VALIDATION', 'NOT_FOUND', 'CONFLICT', 'COURSE_FULL', 'ORDER_NOT_REFUNDABLE', 'REFUND_TOO_LARGE', 'PAYMENT_PROVIDER') } } },
    async (request, reply) => {
      const { secret, ...choice } = request.body;
      reply.headers(secretHeaders);
      return reply.send(await service.chooseBySecret(ctxOf(request), secret, choice));
    },
  );
  app.get(
    '/profiles/:id/credit',
    { config: { access: 'user' }, schema: { params: idParamsSchema, response: { 200: familyCreditSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'NOT_FOUND') } } },
    (request) => service.familyCredit(ctxOf(request), request.params.id),
  );
  app.get(
    '/profiles/:id/calendar-feed',
    { config: { access: 'user' }, schema: { params: idParamsSchema, response: { 200: calendarFeedSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'NOT_FOUND') } } },
    async (request, reply) => reply.headers(secretHeaders).send(await feeds.familyFeed(ctxOf(request), request.params.id)),
  );
  app.post(
    '/profiles/:id/calendar-feed',
    { config: { access: 'user' }, schema: { params: idParamsSchema, response: { 200: calendarFeedSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'NOT_FOUND') } } },
    async (request, reply) => reply.headers(secretHeaders).send(await feeds.renewFeed(ctxOf(request), request.params.id)),
  );
  // The webcal address: no session (calendar apps have none); the secret in the path is the key (redacted in logs).
  app.get(
    '/calendar-feeds/:file',
    { schema: { params: z.object({ file: z.string().max(100) }), response: { 200: z.string(), 304: z.null(), ...errorResponses('VALIDATION', 'NOT_FOUND') } } },
    async (request, reply) => {
      // Before the look-up: an unknown or renewed address's 404 carries them too (I5).
      reply.headers(secretHeaders);
      const file = await feeds.feedBySecret(ctxOf(request), request.params.file.replace(/\.ics$/, ''));
      reply.headers({ etag: file.etag }).type('text/calendar; charset=utf-8');
      if (request.headers['if-none-match'] === file.etag) return reply.code(304).send(null);
      return reply.send(file.content);
    },
  );
  app.get(
    '/users/me/reminders',
    { config: { access: 'user' }, schema: { response: { 200: reminderSettingSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED') } } },
    (request) => service.reminderSetting(ctxOf(request)),
  );
  app.put(
    '/users/me/reminders',
    { config: { access: 'user' }, schema: { body: reminderSettingSchema, response: { 200: reminderSettingSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED') } } },
    (request) => service.setReminders(ctxOf(request), request.body.off),
  );
};

export const changesFeature: Feature = {
  name: 'changes',
  routes: [changesRoutes],
  jobs: (ctx) => [
    {
      // Cancelled dates past their undo time: the families' choices and e-mails, once per date.
      name: 'closure-announce',
      everyMs: ctx.env.CLOSURE_JOB_MS,
      run: async () => {
        const announced = await service.announceDueClosures(ctx);
        if (announced) ctx.log.info({ job: 'closure-announce', announced }, 'cancelled dates announced');
      },
    },
    {
      // Cancelled dates nobody chose for get the school's default; the day-before reminders are queued.
      name: 'date-changes',
      everyMs: 5 * 60_000,
      run: async () => {
        const defaults = await service.applyDefaults(ctx);
        const reminders = await sendReminders(ctx);
        if (defaults || reminders) ctx.log.info({ job: 'date-changes', defaults, reminders }, 'date changes processed');
      },
    },
  ],
};
