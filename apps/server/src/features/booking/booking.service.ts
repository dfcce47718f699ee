import {
  courseBooking,
  courseDisplayName,
  paymentStatusLabel,
  type OrderStatus,
  type PaymentStartInput,
  type PaymentStatus,
  oreToKr,
  toDate,
  toIso,
} from '@app/shared';
import { can, requireAccess } from '../../access/access';
import { asViewer, signedIn, toViewer, type ServiceContext } from '../../context';
import { VippsError } from '../../integrations/vipps/epayment';
import { applies, canBook, priorityWindowRuns, type PolicyName, type Refusal, type WaitingRoom } from '../../domain/enrolment/policies';
import { AppError } from '../../lib/app-error';
import * as changes from '../../repos/changes.repo';
import * as content from '../../repos/content.repo';
import * as courses from '../../repos/courses.repo';
import * as orders from '../../repos/orders.repo';
import * as profiles from '../../repos/profiles.repo';
import * as users from '../../repos/users.repo';
import * as queueRepo from '../../repos/queue.repo';
import { gate as queueGate, markDone as queueDone } from '../../domain/enrolment/waiting-room';
import { courseAndBookingState } from '../../domain/enrolment/seats';
import { holdSeat } from '../../domain/enrolment/course-queue';
import { paymentPausedUntil } from '../../domain/enrolment/cool-down';
import { idempotencyKey, payByCredit, POLL_MS, syncOrder } from '../../domain/family-ledger/payment-events';
import { creditPart, pledgeCredit } from '../../domain/family-ledger/credit';

/** paymentDescription: 3–100 characters, shown in the Vipps app and on settlements. */
export function paymentDescription(course: orders.OrderAdditionalInfo['course']): string {
  const text = [course?.name?.trim() || 'Svømmekurs', course?.place?.trim()].filter(Boolean).join(', ');
  return (text.length >= 3 ? text : `${text} kurs`).slice(0, 100);
}

/** The caller's own user row, read with the session check (route config.sessionUser). */
export type SessionUser = { user: users.UserRow } | null;

export interface Reservation {
  order: orders.OrderRow;
  /** false: the child's existing live hold (a double click) */
  created: boolean;
}

/**
 * Step 1 of a payment start: the checks (canBook), then the seat ledger's locked step (holdSeat: ONE transaction that
 * takes the course lock, counts the places taken again, and inserts the order, the hold). Vipps is not called here
 * (convention 9).
 */
export async function reserveOrder(ctx: ServiceContext, input: PaymentStartInput, sessionUser?: SessionUser): Promise<Reservation> {
  const { db } = ctx;
  const viewer = signedIn(ctx);
  // Booking as someone else: admins only (on a guardian's behalf), and then checked as that guardian.
  await requireAccess(ctx, 'user.act-as', input.userId);
  const buyer = input.userId === viewer.id ? viewer : toViewer((await users.findSessionUser(db, input.userId))!);
  // The same answer whether the child does not exist or belongs to another family.
  if (!(await can(asViewer(ctx, buyer), 'child.book', input.childId))) throw new AppError('NOT_FOUND', 'Child not found');
  // One round trip for the course, the child, its place on the course and the places taken (the count is asked again
  // under the lock).
  const found = await courseAndBookingState(db, input.courseId, input.childId);
  const visible = !!found && found.course.published === true && found.course.placePublished;
  if (!found || (!visible && !viewer.isAdmin)) throw new AppError('NOT_FOUND', 'Course not found');
  const { course, child, state } = found;
  // Deleted since the access check a moment ago.
  if (!child) throw new AppError('NOT_FOUND', 'Child not found');
  // The facts the booking policies read (domain/enrolment/policies.ts). A fact only a later policy reads is not read
  // when a policy the viewer is not asked stands before it (an admin's override), nor when the child's own hold (a
  // double click) is the answer.
  const existing = state.liveHoldId ? await orders.findOrderById(db, state.liveHoldId) : undefined;
  const asks = (policy: PolicyName) => !existing && applies(policy, viewer);
  const now = ctx.clock.now();
  const dates = course.dates.map(toDate);
  // A date cancelled before this booking is neither sold nor covered (issue 52).
  const cancelledDates = existing ? [] : ((await changes.cancelledDatesByCourse(db, [course.id])).get(course.id) ?? []);
  const booking = courseBooking({ ...course, dates, cancelledDates }, now);
  const priority = { courseIds: course.priorityCourseIds, openToAllAt: course.openToAllAt ? toDate(course.openToAllAt) : null };
  const returning = asks('priorityWindow') && priorityWindowRuns(priority, now) ? await courses.tookPartInAny(db, child.id, course.priorityCourseIds) : null;
  const waitingRoom: WaitingRoom = asks('waitingRoom')
    ? await queueGate(ctx, course, child.profileId, () => queueRepo.familyTookPartInAny(db, child.profileId, course.priorityCourseIds)).then((opensAt) => ({ opensAt }), asRefusal)
    : { opensAt: null };
  const pausedUntil = asks('coolDown') ? await paymentPausedUntil(db, child.profileId) : null;
  const decision = canBook(
    {
      now,
      published: course.published === true,
      enrolled: state.enrolled,
      ownHold: !!existing,
      courseState: booking.state,
      age: { ageMinMonths: course.ageMinMonths, ageMaxMonths: course.ageMaxMonths, birthdate: child.birthdate, firstDate: dates[0] ?? null },
      priority: { ...priority, returning },
      waitingRoom,
      paymentsAvailable: !!ctx.payments.client,
      pausedUntil,
    },
    viewer,
  );
  if ('refused' in decision) throw new AppError(decision.refused, decision.message, decision.params);
  if (existing) return { order: existing, created: false };
  const opening = 'opensAt' in waitingRoom ? waitingRoom.opensAt : null;
  // The caller's own row came with the session check (the route's config.sessionUser); someone else's is read.
  const user = sessionUser?.user.id === input.userId ? sessionUser.user : await users.findUserById(db, input.userId);
  if (!user) throw new AppError('NOT_FOUND', 'User not found');

  // Family credit first, Vipps the rest (issue 38). A family with credit pledges it again under its row lock below.
  const credit = await creditPart(db, child.profileId, booking.priceOre, now);
  const id = orders.newOrderId();
  const additionalInfo = orders.orderAdditionalInfo({ profileId: child.profileId, user, child, course: { id: course.id, name: courseDisplayName(course), placeName: course.placeName } });
  const values = {
    id,
    reference: orders.orderReference(id),
    humanReference: orders.humanReference(),
    provider: 'vipps',
    status: 'created',
    // The amount shown on the course row and in the booking modal: the same rule, the same clock.
    amountOre: credit.vippsOre,
    creditOre: credit.creditOre,
    coveredDates: booking.remainingDates,
    userId: user.id,
    childId: child.id,
    courseId: course.id,
    profileId: child.profileId,
    additionalInfo,
  };
  const holdMs = ctx.payments.options.holdMinutes * 60_000;

  // A full course answers 'full' at once, without queueing behind the course lock (decision 017: on enrolment night
  // hundreds ask for the same full course). Only a shortcut: the seat ledger counts again under the lock.
  if (state.taken >= course.maximumParticipants) throw new AppError('COURSE_FULL', 'Course is full');
  // Starting the payment is accepting the terms ('Ved å bestille kurs aksepterer du …'): the order keeps which
  // version, read by the insert itself.
  const termsVersion = content.currentTermsVersionSql();

  const reservation = await holdSeat(db, course, child.id, async (tx, seat) => {
    // A parallel request for the same child may have got there first: its hold is the answer. A waitlist offer to
    // this child held the place for it: not counted against it (decision 016).
    const raced = seat.ownHoldId ? await orders.findOrderById(tx, seat.ownHoldId) : undefined;
    if (raced) return { order: raced, created: false };
    if (seat.free <= 0) throw new AppError('COURSE_FULL', 'Course is full');
    const pledged = credit.creditOre > 0 && child.profileId ? await pledgeCredit(tx, child.profileId, booking.priceOre, now) : credit;
    const order = { ...values, amountOre: pledged.vippsOre, creditOre: pledged.creditOre, termsVersion };
    return { order: await orders.insertOrder(tx, order, holdMs, POLL_MS), created: true };
  });
  // The family started a payment: its seat among those let in frees up for the next family (it may still book its
  // other children within its window).
  if (opening && reservation.created) await queueDone(ctx, opening, child.profileId);
  return reservation;
}

/**
 * Step 2, after the commit: createPayment at Vipps with an Idempotency-Key derived from the order id (a retry, a
 * double click or the reconciler reuses it). A failure ends the order this request created, releasing the hold.
 */
export async function createVippsPayment(ctx: ServiceContext, reservation: Reservation): Promise<string> {
  const { order } = reservation;
  const client = ctx.payments.client;
  if (!client) throw new AppError('PAYMENT_PROVIDER', 'Payments are not available');
  const info = order.additionalInfo as orders.OrderAdditionalInfo;
  try {
    const created = await client.createPayment({
      reference: order.reference,
      amountOre: order.amountOre,
      description: paymentDescription(info.course),
      returnUrl: `${ctx.env.PUBLIC_URL.replace(/\/+$/, '')}/vipps/payment/${order.reference}`,
      idempotencyKey: idempotencyKey('create', order.id),
    });
    if (!(await orders.setRedirectUrl(ctx.db, order.id, created.redirectUrl))) {
      // The order ended meanwhile (the reconciler gave up on it): do not send the parent to pay for nothing.
      await client.cancel(order.reference, idempotencyKey('cancel', order.id)).catch(() => undefined);
      throw new AppError('PAYMENT_PROVIDER', 'The payment could not be started');
    }
    return created.redirectUrl;
  } catch (error) {
    if (error instanceof AppError) throw error;
    ctx.log.warn({ err: error, orderId: order.id }, 'vipps createPayment failed');
    if (error instanceof VippsError && error.retryable) {
      // Vipps slow, failing or down (issue 42, decision 044): the place stays held for the parent, who is told so at
      // once and may press 'Bestill' again (the same order, the same Idempotency-Key). The reconciler looks at the
      // order when the hold ends, and cancels anything a timed-out call may have created at Vipps.
      const held = await orders.deferSyncToHoldEnd(ctx.db, order.id);
      const minutesLeft = held?.holdExpiresAt ? Math.max(1, Math.ceil((held.holdExpiresAt.getTime() - ctx.clock.now().getTime()) / 60_000)) : null;
      if (minutesLeft !== null) {
        throw new AppError('PAYMENT_PROVIDER', 'Vipps is not answering; the place stays held', { heldMinutes: minutesLeft });
      }
    } else if (reservation.created) {
      await orders.terminateCreated(ctx.db, order.id, { syncAfter: null });
    }
    throw new AppError('PAYMENT_PROVIDER', 'Vipps could not start the payment');
  }
}

/** POST /vipps/payment: reserve a place, then create the Vipps payment; answers where to send the browser. */
export async function startPayment(ctx: ServiceContext, input: PaymentStartInput, sessionUser?: SessionUser): Promise<{ redirectUrl: string }> {
  // One live hold per child and course (decision 035): a second start for the same child gets its hold back
  // (reserveOrder), and a sibling's start holds its own place, so no start ends another's payment.
  const reservation = await reserveOrder(ctx, input, sessionUser);
  if (reservation.order.redirectUrl) return { redirectUrl: reservation.order.redirectUrl };
  // Nothing for Vipps to charge (paid by credit, or a free course, issue 52): the order is paid at once, without Vipps.
  if (reservation.order.amountOre === 0) return { redirectUrl: await payByCredit(ctx, reservation.order) };
  return { redirectUrl: await createVippsPayment(ctx, reservation) };
}

/** The waiting room's refusal (an AppError the gate throws) as a fact for canBook. */
function asRefusal(error: unknown): Refusal {
  if (!(error instanceof AppError)) throw error;
  return { refused: error.code, message: error.message, ...(error.params ? { params: error.params } : {}) };
}


/**
 * GET /vipps/payment/:paymentId: the order's outcome for its buyer, the family's other guardians or an admin (others
 * get 404). While Vipps work is pending it first syncs with Vipps, so the page shows the truth even without webhooks.
 */
export async function paymentStatus(ctx: ServiceContext, reference: string): Promise<PaymentStatus> {
  let order = await orders.findOrderByReference(ctx.db, reference);
  if (!order || !(await can(ctx, 'order.read', order.id))) throw new AppError('NOT_FOUND', 'Payment not found');
  if (order.syncAfter !== null && ctx.payments.client) {
    try {
      order = (await syncOrder(ctx, order.id)) ?? order;
    } catch (error) {
      // Vipps or the database is slow: show what is known; the next poll or the reconciler catches up.
      ctx.log.warn({ err: error, orderId: order.id }, 'payment status: sync with Vipps failed');
      order = (await orders.findOrderById(ctx.db, order.id)) ?? order;
    }
  }
  const status = order.status as OrderStatus;
  const info = order.additionalInfo as orders.OrderAdditionalInfo;
  const course = order.courseId ? await courses.findCourseDetails(ctx.db, order.courseId) : undefined;
  const child = order.childId ? await profiles.findChild(ctx.db, order.childId) : undefined;
  return {
    paymentId: order.reference,
    state: status.toUpperCase(),
    status,
    label: paymentStatusLabel(status, ctx.env.site.companyName),
    enrolled: await courses.isEnrolledByOrder(ctx.db, order.id),
    order: {
      reference: order.reference,
      humanReference: order.humanReference,
      amount: oreToKr(order.amountOre),
      createdAt: order.createdAt.toISOString(),
      course: course
        ? {
            _id: course.id,
            name: course.name,
            place: course.placeName,
            // What this order pays for: the remaining dates of a late booking, else the whole course.
            dates: (order.coveredDates?.length ? order.coveredDates : course.dates).map((d) => toIso(d)),
            timeFrom: course.timeFrom,
            timeTo: course.timeTo,
          }
        : info.course
          ? { _id: info.course._id, name: info.course.name, place: info.course.place ?? '', dates: [], timeFrom: '', timeTo: '' }
          : null,
      child: child ? { firstName: child.firstName, lastName: child.lastName } : (info.child ? { firstName: info.child.firstName, lastName: info.child.lastName } : null),
      termsVersion: order.termsVersion,
    },
  };
}
