import type { FastifyInstance } from 'fastify';
import {
  appConfigSchema,
  cancellationRulesVersionSchema,
  courseListSchema,
  faqListSchema,
  instructorListSchema,
  placeCoursesQuerySchema,
  placeListSchema,
  termListSchema,
} from '@app/shared';
import { contextFor, type ServiceContext } from '../context';
import { appConfig } from '../features/auth/auth.service';
import { currentRules } from '../features/refund-policy/refund-policy.service';
import { listPlaceCourses } from '../features/courses/courses.service';
import { listFaqs } from '../features/faqs/faqs.service';
import { listPlaces } from '../features/venues/venues.service';
import { listTerms } from '../features/terms/terms.service';
import { listInstructors } from '../features/users/users.service';
import type { LoadDeps } from '../public-cache';

/** The query of an API read, as the web's api client gives it (apps/web/src/lib/api-client.ts). */
export type ReadQuery = Record<string, string | number | boolean | null | undefined>;

interface PageRead {
  path: RegExp;
  read(ctx: ServiceContext, match: RegExpExecArray, query: ReadQuery, deps: LoadDeps): Promise<unknown>;
  /** The API route's response schema: the page gets what the API would answer, and nothing more. */
  schema: { parse(value: unknown): unknown };
}

/** The public lists the server renderer reads (decision 018): through the services, in-process, as a visitor. */
const PAGE_READS: PageRead[] = [
  { path: /^\/config$/, read: async (ctx) => appConfig(ctx.env), schema: appConfigSchema },
  { path: /^\/places$/, read: (ctx) => listPlaces(ctx), schema: placeListSchema },
  {
    path: /^\/places\/([^/]+)\/courses$/,
    read: (ctx, match, query, deps) => listPlaceCourses(ctx, decodeURIComponent(match[1]!), placeCoursesQuerySchema.parse(query), deps),
    schema: courseListSchema,
  },
  { path: /^\/faqs$/, read: (ctx) => listFaqs(ctx), schema: faqListSchema },
  { path: /^\/users\/instructors$/, read: (ctx) => listInstructors(ctx), schema: instructorListSchema },
  { path: /^\/terms-and-conditions$/, read: (ctx) => listTerms(ctx), schema: termListSchema },
  { path: /^\/cancellation-rules$/, read: (ctx) => currentRules(ctx), schema: cancellationRulesVersionSchema },
];

/** Reads `path` (under /api) for a page as a visitor; JSON in and out, so the page sees exactly what the browser would. */
export function pageRead(app: FastifyInstance, path: string, query: ReadQuery, deps: LoadDeps): Promise<unknown> {
  for (const entry of PAGE_READS) {
    const match = entry.path.exec(path);
    if (match) {
      return entry.read(contextFor(app), match, query, deps).then((value) => JSON.parse(JSON.stringify(entry.schema.parse(value))) as unknown);
    }
  }
  return Promise.reject(new Error(`GET /api${path}: not a list the server renderer reads`));
}
