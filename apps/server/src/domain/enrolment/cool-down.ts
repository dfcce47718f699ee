import { HOLD_LAPSE_WINDOW_MS, HOLD_LAPSES_BEFORE_COOLDOWN, type FamilyLapses } from '@app/shared';
import type { DbOrTx } from '../../db/client';
import * as orders from '../../repos/orders.repo';
import * as waitlist from '../../repos/waitlist.repo';

/**
 * A family's lapses (issue 36, decision 035), made here for every view that shows them: the admin's orders and
 * course waitlist, the parent's profile and waitlist. Two things:
 * - `lapses`: its payment holds that ran out unpaid plus its waitlist offers that expired, last 30 days;
 * - `pausedUntil`: after HOLD_LAPSES_BEFORE_COOLDOWN lapsed holds within HOLD_LAPSE_WINDOW_MS, the family's payment
 *   starts wait (429 HOLD_COOLDOWN) until enough of them are older than the window: the end of the pause is the
 *   HOLD_LAPSES_BEFORE_COOLDOWN-th newest lapse plus the window. The payment start asks `paymentPausedUntil`, so the
 *   time shown is the time the refusal ends.
 */

/** How far back `lapses` counts. */
export const LAPSE_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

/** The end of the pause from a family's lapse times within the window, newest first (null: no pause). */
function pauseEnd(lapsedAt: readonly Date[]): Date | null {
  const decisive = lapsedAt[HOLD_LAPSES_BEFORE_COOLDOWN - 1];
  return decisive ? new Date(decisive.getTime() + HOLD_LAPSE_WINDOW_MS) : null;
}

/** Until when each of the families cannot start a payment (only families with a pause are in the map). */
async function pausesOf(db: DbOrTx, profileIds: readonly string[]): Promise<Map<string, Date>> {
  const times = await orders.lapseTimesPerProfile(db, profileIds, HOLD_LAPSE_WINDOW_MS);
  const pauses = new Map<string, Date>();
  for (const [profileId, lapsedAt] of times) {
    const end = pauseEnd(lapsedAt);
    if (end) pauses.set(profileId, end);
  }
  return pauses;
}

/** The payment start's question: until when the family waits, or null. */
export async function paymentPausedUntil(db: DbOrTx, profileId: string): Promise<Date | null> {
  return (await pausesOf(db, [profileId])).get(profileId) ?? null;
}

/** Each family's lapses and pause (every profile id asked is in the map). */
export async function familyLapses(db: DbOrTx, profileIds: readonly string[], now: Date): Promise<Map<string, FamilyLapses>> {
  const ids = [...new Set(profileIds)];
  const [holds, offers, pauses] = await Promise.all([
    orders.lapsesPerProfile(db, ids, LAPSE_WINDOW_MS),
    waitlist.expiredOffersPerProfile(db, ids, new Date(now.getTime() - LAPSE_WINDOW_MS)),
    pausesOf(db, ids),
  ]);
  return new Map(
    ids.map((id) => [
      id,
      { lapses: (holds.get(id) ?? 0) + (offers.get(id) ?? 0), pausedUntil: pauses.get(id)?.toISOString() ?? null },
    ]),
  );
}
