import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthRoutes } from './health/health.routes';
import { authRoutes } from './auth/auth.routes';
import { contactRoutes } from './contact/contact.routes';
import { coursesRoutes } from './courses/courses.routes';
import { faqsRoutes } from './faqs/faqs.routes';
import { placesRoutes } from './places/places.routes';
import { termsRoutes } from './terms/terms.routes';
import { usersRoutes } from './users/users.routes';

/** Every feature's routes, mounted under /api by app.ts. */
export const apiRoutes: FastifyPluginAsyncZod[] = [
  healthRoutes,
  authRoutes,
  placesRoutes,
  coursesRoutes,
  usersRoutes,
  faqsRoutes,
  termsRoutes,
  contactRoutes,
];
