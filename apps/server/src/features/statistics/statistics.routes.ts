import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, paymentStatisticsSchema, statisticsQuerySchema } from '@app/shared';
import * as service from './statistics.service';

const errors = (...codes: number[]) => Object.fromEntries(codes.map((code) => [code, errorBodySchema]));

export const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/statistics/payments',
    {
      config: { access: 'admin' },
      schema: { querystring: statisticsQuerySchema, response: { 200: paymentStatisticsSchema, ...errors(400, 401, 403) } },
    },
    (request) => service.paymentStatistics(app.db, new Date(request.query.startDate), new Date(request.query.endDate)),
  );
};
