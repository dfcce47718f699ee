import type { Feature } from '../feature';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calendarInputSchema } from '@app/shared';
import { ctxOf } from '../../context';
import { attachmentDisposition } from '../../integrations/calendar/course-calendar';
import { errorResponses } from '../../plugins/errors';
import * as service from './calendars.service';

export const calendarsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/calendars',
    {
      config: { access: 'user' },
      // 200 is the iCalendar text itself (sent as text/calendar, so Fastify does not JSON-encode it).
      schema: {
        body: calendarInputSchema,
        response: { 200: z.string(), ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'NOT_FOUND') },
      },
    },
    async (request, reply) => {
      const file = await service.courseCalendarFor(ctxOf(request), request.body);
      return reply
        .type(file.contentType)
        .header('content-disposition', attachmentDisposition(file.filename))
        .header('cache-control', 'private, no-store')
        .send(file.content);
    },
  );
};

export const calendarsFeature: Feature = { name: 'calendars', routes: [calendarsRoutes] };
