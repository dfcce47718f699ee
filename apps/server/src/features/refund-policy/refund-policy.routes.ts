import type { Feature } from '../feature';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cancellationRulesSchema, cancellationRulesVersionListSchema, cancellationRulesVersionSchema } from '@app/shared';
import { ctxOf } from '../../context';
import { errorResponses } from '../../plugins/errors';
import * as rules from './refund-policy.service';

export const refundPolicyRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The rules in force now (the terms page shows them). */
  app.get(
    '/cancellation-rules',
    { schema: { response: { 200: cancellationRulesVersionSchema, ...errorResponses('VALIDATION', 'NOT_FOUND') } } },
    (request) => rules.currentRules(ctxOf(request)),
  );

  /** Admin: a change makes a new version; orders keep the version they were bought under. */
  app.put(
    '/cancellation-rules',
    {
      config: { access: 'admin' },
      schema: { body: cancellationRulesSchema, response: { 200: cancellationRulesVersionSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN') } },
    },
    (request) => rules.changeRules(ctxOf(request), request.body),
  );

  app.get(
    '/cancellation-rules/versions',
    {
      config: { access: 'admin' },
      schema: { response: { 200: cancellationRulesVersionListSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN') } },
    },
    (request) => rules.listRulesVersions(ctxOf(request)),
  );
};

export const refundPolicyFeature: Feature = { name: 'refund-policy', routes: [refundPolicyRoutes] };
