import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calendarInputSchema, errorBodySchema } from '@app/shared';
import { attachmentDisposition } from '../../integrations/calendar';
import * as service from './calendars.service';

export const calendarsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/calendars',
    {
      config: { access: 'user' },
      // 200 is the iCalendar text itself (sent as text/calendar, so Fastify does not JSON-encode it).
      schema: {
        body: calendarInputSchema,
        response: { 200: z.string(), 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const file = await service.courseCalendarFor(app.db, app.env, request.user!, request.body);
      return reply
        .type(file.contentType)
        .header('content-disposition', attachmentDisposition(file.filename))
        .header('cache-control', 'private, no-store')
        .send(file.content);
    },
  );
};
