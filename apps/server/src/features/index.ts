import { absencesFeature } from './absences/absences.routes';
import { authFeature } from './auth/auth.routes';
import { bookingFeature } from './booking/booking.routes';
import { calendarsFeature } from './calendars/calendars.routes';
import { refundPolicyFeature } from './refund-policy/refund-policy.routes';
import { careFeature } from './care/care.routes';
import { changesFeature } from './changes/changes.routes';
import { childrenFeature } from './children/children.routes';
import { contactFeature } from './contact/contact.routes';
import { coursesFeature } from './courses/courses.routes';
import { emailsFeature } from './emails/emails.routes';
import type { Feature } from './feature';
import { faqsFeature } from './faqs/faqs.routes';
import { giftCardsFeature } from './gift-cards/gift-cards.routes';
import { discountCodesFeature } from './discount-codes/discount-codes.routes';
import { statusFeature } from './status/status.routes';
import { imagesFeature } from './images/images.routes';
import { invitesFeature } from './invites/invites.routes';
import { ordersFeature } from './orders/orders.routes';
import { participantsFeature } from './participants/participants.routes';
import { venuesFeature } from './venues/venues.routes';
import { profilesFeature } from './profiles/profiles.routes';
import { waitingRoomFeature } from './waiting-room/waiting-room.routes';
import { retentionFeature } from './retention/retention.routes';
import { seasonsFeature } from './seasons/seasons.routes';
import { levelsFeature } from './levels/levels.routes';
import { progressFeature } from './progress/progress.routes';
import { settingsFeature } from './settings/settings.routes';
import { statisticsFeature } from './statistics/statistics.routes';
import { termsFeature } from './terms/terms.routes';
import { testPeopleFeature } from './test-people/test-people.routes';
import { usersFeature } from './users/users.routes';
import { waitlistFeature } from './waitlist/waitlist.routes';

/** THE list of features: app.ts mounts their routes, workers.ts runs their jobs (settings: features/env.ts). */
export const features: Feature[] = [
  statusFeature,
  authFeature,
  venuesFeature,
  imagesFeature,
  coursesFeature,
  participantsFeature,
  usersFeature,
  faqsFeature,
  termsFeature,
  seasonsFeature,
  levelsFeature,
  progressFeature,
  settingsFeature,
  contactFeature,
  giftCardsFeature,
  discountCodesFeature,
  bookingFeature,
  calendarsFeature,
  profilesFeature,
  childrenFeature,
  careFeature,
  emailsFeature,
  invitesFeature,
  ordersFeature,
  statisticsFeature,
  waitlistFeature,
  retentionFeature,
  refundPolicyFeature,
  changesFeature,
  absencesFeature,
  waitingRoomFeature,
  testPeopleFeature,
];
