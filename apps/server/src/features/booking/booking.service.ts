import type { PaymentStartBody, PaymentStartInput, PriceRulesAnswer } from '@app/shared';
import type { ServiceContext } from '../../context';
import { mayBook } from '../../domain/enrolment/may-book';
import { checkBooking } from '../../domain/enrolment/seats';
import { createVippsPayment, payByCredit, placeOrder, type Reservation } from '../../domain/family-ledger/payment-events';
import { priceRules, siblingApplies } from '../../domain/family-ledger/prices';
import * as courses from '../../repos/courses.repo';
import * as profiles from '../../repos/profiles.repo';
import { AppError } from '../../lib/app-error';
import * as queue from '../../repos/queue.repo';
import * as users from '../../repos/users.repo';

/** 'Bestill': who books for whom (access), may the child have a place (checkBooking), the order and the payment (placeOrder). */

/** The caller's own user row, read with the session check (route config.sessionUser). */
export type SessionUser = { user: users.UserRow } | null;

/**
 * GET /vipps/price: the discounts a payment start for this child and course would take now (decision 058), for the
 * booking dialog, which prices them with its list price and the family's credit by the same rule (`priceOrder`).
 * The payment start counts again under the family's lock.
 */
export async function bookingPriceRules(ctx: ServiceContext, input: PaymentStartInput): Promise<PriceRulesAnswer> {
  await mayBook(ctx, input);
  const course = await courses.findCourseDetails(ctx.db, input.courseId);
  const child = await profiles.findChild(ctx.db, input.childId);
  if (!course || !child) throw new AppError('NOT_FOUND', 'Course not found');
  const rules = await priceRules(ctx, course.dates[0]);
  const sibling = child.profileId && (await siblingApplies(ctx.db, rules, child.profileId, child.id)) ? rules.sibling : null;
  return { sibling };
}

/** Step 1 of a payment start: the checks, then the order that holds the place. Vipps is not called here. */
export async function reserveOrder(ctx: ServiceContext, input: PaymentStartBody, sessionUser?: SessionUser): Promise<Reservation> {
  const { db } = ctx;
  const viewer = await mayBook(ctx, input);
  const check = await checkBooking(ctx, viewer, input.courseId, input.childId);
  if (check.existing) return { order: check.existing, created: false };
  // The caller's own row came with the session check (the route's config.sessionUser); someone else's is read.
  const user = sessionUser?.user.id === input.userId ? sessionUser.user : await users.findUserById(db, input.userId);
  if (!user) throw new AppError('NOT_FOUND', 'User not found');
  const reservation = await placeOrder(ctx, check, user, input.discountCode);
  // The family started a payment: its seat among those let in frees up (its window still lets it book other children).
  if (check.opening && reservation.created) await queue.markDone(db, check.opening, check.child.profileId, ctx.clock.now());
  return reservation;
}

/** POST /vipps/payment: reserve a place, then create the Vipps payment; answers where to send the browser. */
export async function startPayment(ctx: ServiceContext, input: PaymentStartBody, sessionUser?: SessionUser): Promise<{ redirectUrl: string }> {
  // One live hold per child and course (decision 035): a second start gets its hold back; a sibling's holds its own.
  const reservation = await reserveOrder(ctx, input, sessionUser);
  if (reservation.order.redirectUrl) return { redirectUrl: reservation.order.redirectUrl };
  // Nothing for Vipps to charge (paid by credit, or a free course): the order is paid at once, without Vipps.
  if (reservation.order.amountOre === 0) return { redirectUrl: await payByCredit(ctx, reservation.order) };
  return { redirectUrl: await createVippsPayment(ctx, reservation) };
}
