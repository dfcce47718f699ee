import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthRoutes } from './health/health.routes';
import { invitesRoutes } from './invites/invites.routes';
import { authRoutes } from './auth/auth.routes';
import { bookingRoutes } from './booking/booking.routes';
import { ordersRoutes } from './orders/orders.routes';
import { cancellationsRoutes } from './cancellations/cancellations.routes';
import { calendarsRoutes } from './calendars/calendars.routes';
import { changesRoutes } from './changes/changes.routes';
import { careRoutes } from './care/care.routes';
import { childrenRoutes } from './children/children.routes';
import { contactRoutes } from './contact/contact.routes';
import { emailsRoutes } from './emails/emails.routes';
import { coursesRoutes } from './courses/courses.routes';
import { faqsRoutes } from './faqs/faqs.routes';
import { participantsRoutes } from './participants/participants.routes';
import { imagesRoutes } from './images/images.routes';
import { placePhotosRoutes } from './places/place-photos.routes';
import { placesRoutes } from './places/places.routes';
import { retentionRoutes } from './retention/retention.routes';
import { seasonsRoutes } from './seasons/seasons.routes';
import { settingsRoutes } from './settings/settings.routes';
import { queueRoutes } from './queue/queue.routes';
import { profilesRoutes } from './profiles/profiles.routes';
import { statisticsRoutes } from './statistics/statistics.routes';
import { termsRoutes } from './terms/terms.routes';
import { testPeopleRoutes } from './test-people/test-people.routes';
import { usersRoutes } from './users/users.routes';
import { waitlistRoutes } from './waitlist/waitlist.routes';

/** Every feature's routes, mounted under /api by app.ts. */
export const apiRoutes: FastifyPluginAsyncZod[] = [
  healthRoutes,
  authRoutes,
  placesRoutes,
  placePhotosRoutes,
  imagesRoutes,
  coursesRoutes,
  participantsRoutes,
  usersRoutes,
  faqsRoutes,
  termsRoutes,
  seasonsRoutes,
  settingsRoutes,
  contactRoutes,
  bookingRoutes,
  calendarsRoutes,
  profilesRoutes,
  childrenRoutes,
  careRoutes,
  emailsRoutes,
  invitesRoutes,
  ordersRoutes,
  statisticsRoutes,
  waitlistRoutes,
  retentionRoutes,
  cancellationsRoutes,
  changesRoutes,
  queueRoutes,
  testPeopleRoutes,
];
