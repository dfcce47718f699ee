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

/**
 * The features' own settings, merged by env.ts into one schema. Apart from index.ts because env.ts must not load the
 * routes: they import env.ts back. A `<feature>.env.ts` imports zod and nothing else.
 */
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
