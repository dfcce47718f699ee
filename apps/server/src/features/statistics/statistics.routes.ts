import type { Feature } from '../feature';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentStatisticsSchema, statisticsQuerySchema } from '@app/shared';
import { ctxOf } from '../../context';
import { errorResponses } from '../../plugins/errors';
import * as service from './statistics.service';

export const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/statistics/payments',
    {
      config: { access: 'admin' },
      schema: { querystring: statisticsQuerySchema, response: { 200: paymentStatisticsSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN') } },
    },
    (request) => service.paymentStatistics(ctxOf(request), new Date(request.query.startDate), new Date(request.query.endDate)),
  );
};

export const statisticsFeature: Feature = { name: 'statistics', routes: [statisticsRoutes] };
