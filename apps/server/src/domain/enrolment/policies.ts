import { ageFits, ageInMonths, type AgeRange, type CourseBookingState, type ErrorCode, type ErrorParams } from '@app/shared';

/**
 * The booking rules (issue 55): may this child get a place on this course now? Each rule is a named policy, a pure
 * function over facts a service read (no database, no clock), with its admin override declared beside it. `canBook`
 * asks them in order and the first refusal is the answer, so the order below is the order of the errors a parent sees.
 *
 * Not policies:
 * - a course or child that does not exist or is hidden from the caller: NOT_FOUND, a look-up the service answers first;
 * - credit: a quote (how much of the price the family's credit pays, the rest goes to Vipps), never a refusal;
 * - a full course: COURSE_FULL is asked again under the course row lock when the hold is made (booking.service.ts).
 */

/** A refusal: the error code, today's message and the values for the web's Norwegian text. */
export interface Refusal {
  refused: ErrorCode;
  message: string;
  params?: ErrorParams;
}

/**
 * ok, or ok because the child already holds a place on the course (a double click): that hold is the answer, and
 * the policies after `ownHold` are not asked.
 */
export type Decision = { ok: true; ownHold?: true } | Refusal;

/**
 * The waiting room's answer (queue-gate.ts `gate`), read by the service: the opening whose line let the family in
 * (the service marks its ticket done once the hold is made), null when no line governs, or the gate's refusal
 * (BOOKING_NOT_OPEN, QUEUE_REQUIRED).
 */
export type WaitingRoom = { opensAt: Date | null } | Refusal;

export interface BookingFacts {
  now: Date;
  /** The course is published (courses.published). */
  published: boolean;
  /** The child is a participant of the course. */
  enrolled: boolean;
  /** The child holds a live payment hold on the course. */
  ownHold: boolean;
  /** courseBooking(course, now).state: 'ended' and 'closed' sell nothing. */
  courseState: CourseBookingState;
  /** The course's age range at its first date, and the child's birth date. */
  age: AgeRange & { birthdate: string | Date | null; firstDate: Date | null };
  /**
   * The priority window (decision 016): the courses whose children book first and until when. `returning`: whether
   * the child took part in one of them; null when not asked (no window runs now, see priorityWindowRuns).
   */
  priority: { courseIds: readonly string[]; openToAllAt: Date | null; returning: boolean | null };
  waitingRoom: WaitingRoom;
  /** A Vipps client is configured. */
  paymentsAvailable: boolean;
  /** Until when the family's payment starts wait after holds that ran out unpaid (family-lapses.ts), or null. */
  pausedUntil: Date | null;
}

export type PolicyName =
  | 'published'
  | 'notEnrolled'
  | 'ownHold'
  | 'courseOpen'
  | 'ageFits'
  | 'priorityWindow'
  | 'waitingRoom'
  | 'paymentsAvailable'
  | 'coolDown';

export interface BookingPolicy {
  name: PolicyName;
  /** true: an admin booking (for themself or on a guardian's behalf) is not asked this policy. */
  adminOverride: boolean;
  check(facts: BookingFacts): Decision;
}

const OK: Decision = { ok: true };
const refuse = (refused: ErrorCode, message: string, params?: ErrorParams): Refusal => (params ? { refused, message, params } : { refused, message });

/** Whether the priority window shuts the course to children of other courses at `now`. */
export function priorityWindowRuns(priority: Pick<BookingFacts['priority'], 'courseIds' | 'openToAllAt'>, now: Date): boolean {
  return priority.courseIds.length > 0 && !!priority.openToAllAt && priority.openToAllAt > now;
}

/**
 * The facts a waitlist offer is decided on (waitlist.service.ts): the child's, not the payment's. The offer asks the
 * policies in OFFER_POLICIES, so a place is not held for a child whose parent could not book it.
 */
export type OfferFacts = Pick<BookingFacts, 'now' | 'age' | 'priority' | 'pausedUntil'>;

/** The checks of the policies an offer asks, each reading only OfferFacts. */
const offerChecks = {
  ageFits: ({ age }: Pick<OfferFacts, 'age'>): Decision =>
    ageFits(age, age.birthdate, age.firstDate)
      ? OK
      : refuse('CHILD_AGE_OUTSIDE_RANGE', 'The child is outside the course age range', {
          childAgeMonths: ageInMonths(age.birthdate!, age.firstDate!),
          ageMinMonths: age.ageMinMonths,
          ageMaxMonths: age.ageMaxMonths,
        }),
  priorityWindow: ({ priority, now }: Pick<OfferFacts, 'priority' | 'now'>): Decision =>
    priorityWindowRuns(priority, now) && priority.returning !== true
      ? refuse('PRIORITY_WINDOW', 'The course is open to returning swimmers only until its priority window ends', {
          opensAt: priority.openToAllAt!.toISOString(),
        })
      : OK,
  coolDown: ({ pausedUntil }: Pick<OfferFacts, 'pausedUntil'>): Decision =>
    pausedUntil ? refuse('HOLD_COOLDOWN', 'Several holds of this family ran out unpaid lately', { pausedUntil: pausedUntil.toISOString() }) : OK,
} satisfies Partial<Record<PolicyName, (facts: OfferFacts) => Decision>>;

export type OfferPolicyName = keyof typeof offerChecks;
export const OFFER_POLICIES = Object.keys(offerChecks) as readonly OfferPolicyName[];

/** The policies in the order they are asked. */
export const BOOKING_POLICIES: readonly BookingPolicy[] = [
  {
    name: 'published',
    // Admins see unpublished courses (parents get NOT_FOUND before this) but book them no more than a parent does.
    adminOverride: false,
    check: (f) => (f.published ? OK : refuse('COURSE_NOT_PUBLISHED', 'Course is not published')),
  },
  {
    name: 'notEnrolled',
    // Nobody holds two places for one child.
    adminOverride: false,
    check: (f) => (f.enrolled ? refuse('CHILD_ALREADY_IN_COURSE', 'Child is already in course') : OK),
  },
  {
    name: 'ownHold',
    // Not a rule but an answer: the child's live hold is given back (a double click, decision 035), whoever asks.
    adminOverride: false,
    check: (f) => (f.ownHold ? { ok: true, ownHold: true } : OK),
  },
  {
    name: 'courseOpen',
    // A booking sells the remaining dates: after the last one, or once late booking closed, there is nothing to sell.
    // Admins who place a child on a course that has started add it by hand (participants), not by a payment.
    adminOverride: false,
    check: (f) => {
      if (f.courseState === 'ended') return refuse('COURSE_ENDED', 'The course has ended');
      if (f.courseState === 'closed') return refuse('LATE_BOOKING_CLOSED', 'Late booking is closed for this course');
      return OK;
    },
  },
  {
    name: 'ageFits',
    // Admins may place any child (they also add participants by hand); parents book within the age range.
    adminOverride: true,
    check: offerChecks.ageFits,
  },
  {
    name: 'priorityWindow',
    // Returning swimmers first (decision 016): during the window only children of the earlier courses book. Admins
    // place a new child when the school says so (a sibling, a swap).
    adminOverride: true,
    check: offerChecks.priorityWindow,
  },
  {
    name: 'waitingRoom',
    // Enrolment night (decision 041): before the opening nobody books; while its line runs, only a family let in.
    // Admins are not in the line: they book on a family's behalf, and the line is for families.
    adminOverride: true,
    check: (f) => ('refused' in f.waitingRoom ? f.waitingRoom : OK),
  },
  {
    name: 'paymentsAvailable',
    // Not a rule of the school but a state of the site: without Vipps no hold is made (not even one paid by credit).
    adminOverride: false,
    check: (f) => (f.paymentsAvailable ? OK : refuse('PAYMENT_PROVIDER', 'Payments are not available')),
  },
  {
    name: 'coolDown',
    // Place hoarding (issue 36, decision 035): a family that let several holds run out unpaid lately waits a while.
    // Admins book on a family's behalf, deliberately, and pay or end the hold themselves.
    adminOverride: true,
    check: offerChecks.coolDown,
  },
];

export const bookingPolicy = (name: PolicyName): BookingPolicy => BOOKING_POLICIES.find((p) => p.name === name)!;

/** Whether `policy` is asked of this viewer: a service reads a policy's facts only then. */
export const applies = (name: PolicyName, viewer: { isAdmin: boolean }): boolean => !(viewer.isAdmin && bookingPolicy(name).adminOverride);

/** The policies in order, skipping those an admin overrides: the first refusal, the own hold, or ok. */
export function canBook(facts: BookingFacts, viewer: { isAdmin: boolean }): Decision {
  for (const policy of BOOKING_POLICIES) {
    if (viewer.isAdmin && policy.adminOverride) continue;
    const decision = policy.check(facts);
    if ('refused' in decision || decision.ownHold) return decision;
  }
  return OK;
}

/**
 * A waitlist offer's question (no viewer: the job makes offers, and an admin's offer by hand asks none of these): the
 * policies of OFFER_POLICIES in order, or only those named. The first refusal is the answer.
 */
export function canOffer(facts: OfferFacts, only: readonly OfferPolicyName[] = OFFER_POLICIES): Decision {
  for (const policy of BOOKING_POLICIES) {
    const name = policy.name as OfferPolicyName;
    if (!only.includes(name)) continue;
    const decision = offerChecks[name](facts);
    if ('refused' in decision) return decision;
  }
  return OK;
}
