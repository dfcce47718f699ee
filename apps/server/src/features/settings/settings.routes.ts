import type { Feature } from '../feature';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { settingsOverviewSchema, settingsSliceParamsSchema, settingsValueInputSchema, settingsVersionSchema } from '@app/shared';
import { ctxOf } from '../../context';
import { errorResponses } from '../../plugins/errors';
import * as service from './settings.service';

/** The versioned settings (decision 054): admins read every slice's history and change a slice at /admin/innstillinger. */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings',
    { config: { access: 'admin' }, schema: { response: { 200: settingsOverviewSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN') } } },
    (request) => service.settingsOverview(ctxOf(request)),
  );

  app.put(
    '/settings/:slice',
    {
      config: { access: 'admin' },
      schema: {
        params: settingsSliceParamsSchema,
        body: settingsValueInputSchema,
        response: { 200: settingsVersionSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN') },
      },
    },
    (request) => service.changeSlice(ctxOf(request), request.params.slice, request.body),
  );
};

export const settingsFeature: Feature = { name: 'settings', routes: [settingsRoutes] };
