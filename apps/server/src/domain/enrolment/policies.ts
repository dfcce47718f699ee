import { ageFits, ageInMonths, type AgeRange, type CourseBookingState, type ErrorCode, type ErrorParams } from '@app/shared';

/**
 * The booking rules: named policies, pure functions over facts a service read, each with its admin override. `canBook`
 * asks them in order and the first refusal is the answer (the order of the errors a parent sees). Not policies:
 * NOT_FOUND (answered first), credit (a quote, never a refusal), COURSE_FULL (asked under the course lock).
 */

/** A refusal: the error code, today's message and the values for the web's Norwegian text. */
export interface Refusal {
  refused: ErrorCode;
  message: string;
  params?: ErrorParams;
}

/** ok, or ok because the child's own hold (a double click) is the answer: the policies after `ownHold` are not asked. */
export type Decision = { ok: true; ownHold?: true } | Refusal;

/** The waiting room's answer (seats.ts `gate`): the opening that let the family in, null (no line), or its refusal. */
export type WaitingRoom = { opensAt: Date | null } | Refusal;

export interface BookingFacts {
  now: Date;
  published: boolean;
  /** The child is a participant of the course. */
  enrolled: boolean;
  /** The child holds a live payment hold on the course. */
  ownHold: boolean;
  /** courseBooking(course, now).state: 'ended' and 'closed' sell nothing. */
  courseState: CourseBookingState;
  /** The course's age range at its first date, and the child's birth date. */
  age: AgeRange & { birthdate: string | Date | null; firstDate: Date | null };
  /** The priority window (decision 016); `returning`: the child took part in one of its courses (null: not asked). */
  priority: { courseIds: readonly string[]; openToAllAt: Date | null; returning: boolean | null };
  waitingRoom: WaitingRoom;
  /** A Vipps client is configured. */
  paymentsAvailable: boolean;
  /** Until when the family's payment starts wait after holds that ran out unpaid (seats.ts familyLapses), or null. */
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

/** A waitlist offer's facts: the child's, not the payment's, so no place is held for a child its parent could not book. */
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
  // Admins see unpublished courses (parents get NOT_FOUND before this) but book them no more than a parent does.
  { name: 'published', adminOverride: false, check: (f) => (f.published ? OK : refuse('COURSE_NOT_PUBLISHED', 'Course is not published')) },
  // Nobody holds two places for one child.
  {
    name: 'notEnrolled',
    adminOverride: false,
    check: (f) => (f.enrolled ? refuse('CHILD_ALREADY_IN_COURSE', 'Child is already in course') : OK),
  },
  // Not a rule but an answer: the child's live hold is given back (a double click, decision 035), whoever asks.
  { name: 'ownHold', adminOverride: false, check: (f) => (f.ownHold ? { ok: true, ownHold: true } : OK) },
  {
    name: 'courseOpen',
    // A booking sells the remaining dates: after the last one, or once late booking closed, there is nothing to sell.
    // Admins place a child on a course that has started by hand (participants), not by a payment.
    adminOverride: false,
    check: (f) => {
      if (f.courseState === 'ended') return refuse('COURSE_ENDED', 'The course has ended');
      if (f.courseState === 'closed') return refuse('LATE_BOOKING_CLOSED', 'Late booking is closed for this course');
      return OK;
    },
  },
  // Admins may place any child; parents book within the age range.
  { name: 'ageFits', adminOverride: true, check: offerChecks.ageFits },
  // Returning swimmers first (decision 016). Admins place a new child when the school says so (a sibling, a swap).
  { name: 'priorityWindow', adminOverride: true, check: offerChecks.priorityWindow },
  // Enrolment night (decision 041): the line is for families; admins book on a family's behalf.
  { name: 'waitingRoom', adminOverride: true, check: (f) => ('refused' in f.waitingRoom ? f.waitingRoom : OK) },
  // A state of the site: without Vipps no hold is made (not even one paid by credit).
  {
    name: 'paymentsAvailable',
    adminOverride: false,
    check: (f) => (f.paymentsAvailable ? OK : refuse('PAYMENT_PROVIDER', 'Payments are not available')),
  },
  // Place hoarding (decision 035): lapsed holds make a family wait. Admins book deliberately and pay or end the hold.
  { name: 'coolDown', adminOverride: true, check: offerChecks.coolDown },
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

/** A waitlist offer's question (the job's; an admin's offer by hand asks none): OFFER_POLICIES or those named, in order. */
export function canOffer(facts: OfferFacts, only: readonly OfferPolicyName[] = OFFER_POLICIES): Decision {
  for (const policy of BOOKING_POLICIES) {
    const name = policy.name as OfferPolicyName;
    if (!only.includes(name)) continue;
    const decision = offerChecks[name](facts);
    if ('refused' in decision) return decision;
  }
  return OK;
}
