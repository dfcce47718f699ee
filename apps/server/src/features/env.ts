import { authEnv } from './auth/auth.env';
import { bookingEnv } from './booking/booking.env';
import { changesEnv } from './changes/changes.env';
import { childrenEnv } from './children/children.env';
import { contactEnv } from './contact/contact.env';
import { invitesEnv } from './invites/invites.env';
import { ordersEnv } from './orders/orders.env';
import { venuesEnv } from './venues/venues.env';
import { waitingRoomEnv } from './waiting-room/waiting-room.env';
import { retentionEnv } from './retention/retention.env';
import { waitlistEnv } from './waitlist/waitlist.env';

/** The features' settings, apart from index.ts because env.ts must not load the routes; a `*.env.ts` imports only zod. */
export const featureEnv = {
  ...authEnv,
  ...bookingEnv,
  ...changesEnv,
  ...childrenEnv,
  ...contactEnv,
  ...invitesEnv,
  ...ordersEnv,
  ...venuesEnv,
  ...waitingRoomEnv,
  ...retentionEnv,
  ...waitlistEnv,
};
