import { describe, expect, it } from 'vitest';
import { applies, BOOKING_POLICIES, bookingPolicy, canBook, canOffer, OFFER_POLICIES, type BookingFacts, type OfferFacts, type PolicyName } from './policies';

/** Each booking policy alone, refused and allowed, its admin override, and the order canBook asks them in. */
const NOW = new Date('2027-03-03T12:00:00Z');
const LATER = new Date('2027-03-10T12:00:00Z');
const parent = { isAdmin: false };
const admin = { isAdmin: true };

/** Facts every policy lets through: a parent may book. */
const bookable = (): BookingFacts => ({
  now: NOW,
  published: true,
  enrolled: false,
  ownHold: false,
  courseState: 'open',
  age: { ageMinMonths: 6, ageMaxMonths: 12, birthdate: '2026-06-01', firstDate: new Date('2027-03-15T10:00:00Z') },
  priority: { courseIds: [], openToAllAt: null, returning: null },
  waitingRoom: { opensAt: null },
  paymentsAvailable: true,
  pausedUntil: null,
});
const facts = (change: Partial<BookingFacts>): BookingFacts => ({ ...bookable(), ...change });

/** One case per policy: facts it refuses with, and the refusal. */
const refusedBy: Record<Exclude<PolicyName, 'ownHold'>, { facts: Partial<BookingFacts>; refused: object }> = {
  published: { facts: { published: false }, refused: { refused: 'COURSE_NOT_PUBLISHED', message: 'Course is not published' } },
  notEnrolled: { facts: { enrolled: true }, refused: { refused: 'CHILD_ALREADY_IN_COURSE', message: 'Child is already in course' } },
  courseOpen: { facts: { courseState: 'ended' }, refused: { refused: 'COURSE_ENDED', message: 'The course has ended' } },
  ageFits: {
    // 9 months old on the first date of a 12–24 months course.
    facts: { age: { ageMinMonths: 12, ageMaxMonths: 24, birthdate: '2026-06-01', firstDate: new Date('2027-03-15T10:00:00Z') } },
    refused: { refused: 'CHILD_AGE_OUTSIDE_RANGE', params: { childAgeMonths: 9, ageMinMonths: 12, ageMaxMonths: 24 } },
  },
  priorityWindow: {
    facts: { priority: { courseIds: ['c-earlier'], openToAllAt: LATER, returning: false } },
    refused: { refused: 'PRIORITY_WINDOW', params: { opensAt: LATER.toISOString() } },
  },
  waitingRoom: {
    facts: { waitingRoom: { refused: 'QUEUE_REQUIRED', message: 'Join the queue first', params: { opensAt: NOW.toISOString() } } },
    refused: { refused: 'QUEUE_REQUIRED', message: 'Join the queue first', params: { opensAt: NOW.toISOString() } },
  },
  paymentsAvailable: { facts: { paymentsAvailable: false }, refused: { refused: 'PAYMENT_PROVIDER', message: 'Payments are not available' } },
  coolDown: { facts: { pausedUntil: LATER }, refused: { refused: 'HOLD_COOLDOWN', params: { pausedUntil: LATER.toISOString() } } },
};
const overridden: (keyof typeof refusedBy)[] = ['ageFits', 'priorityWindow', 'waitingRoom', 'coolDown'];

describe('each policy alone', () => {
  for (const [name, { facts: change, refused }] of Object.entries(refusedBy) as [PolicyName, (typeof refusedBy)['published']][]) {
    describe(name, () => {
      const policy = bookingPolicy(name);
      it('refuses', () => expect(policy.check(facts(change))).toMatchObject(refused));
      it('allows when its facts are fine', () => expect(policy.check(bookable())).toEqual({ ok: true }));
      it('is the answer of canBook for a parent', () => expect(canBook(facts(change), parent)).toMatchObject(refused));
      if ((overridden as PolicyName[]).includes(name)) {
        it('is overridden for an admin, who is not asked it', () => {
          expect(policy.adminOverride).toBe(true);
          expect(applies(name, admin)).toBe(false);
          expect(canBook(facts(change), admin)).toEqual({ ok: true });
        });
      } else {
        it('holds for an admin too', () => {
          expect(policy.adminOverride).toBe(false);
          expect(canBook(facts(change), admin)).toMatchObject(refused);
        });
      }
      it('is asked of a parent', () => expect(applies(name, parent)).toBe(true));
    });
  }

  it('lists every policy once, each with its override declared', () => {
    const names = BOOKING_POLICIES.map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.filter((n) => n !== 'ownHold').sort()).toEqual(Object.keys(refusedBy).sort());
    for (const policy of BOOKING_POLICIES) expect(typeof policy.adminOverride).toBe('boolean');
  });
});

describe('courseOpen', () => {
  const courseOpen = bookingPolicy('courseOpen');
  it('refuses a course whose late booking closed', () => {
    expect(courseOpen.check(facts({ courseState: 'closed' }))).toEqual({ refused: 'LATE_BOOKING_CLOSED', message: 'Late booking is closed for this course' });
  });
  it('sells a course that has started', () => expect(courseOpen.check(facts({ courseState: 'started' }))).toEqual({ ok: true }));
});

describe('ageFits', () => {
  const ageFits = bookingPolicy('ageFits');
  const age = (birthdate: string | null, firstDate: Date | null = new Date('2027-03-15T10:00:00Z')) => facts({ age: { ageMinMonths: 6, ageMaxMonths: 12, birthdate, firstDate } });
  it('takes a child until it turns 13 months on the first date', () => {
    expect(ageFits.check(age('2026-02-16'))).toEqual({ ok: true });
    expect(ageFits.check(age('2026-02-15'))).toMatchObject({ refused: 'CHILD_AGE_OUTSIDE_RANGE', params: { childAgeMonths: 13 } });
  });
  it('refuses a child too young', () => {
    expect(ageFits.check(age('2026-09-16'))).toMatchObject({ refused: 'CHILD_AGE_OUTSIDE_RANGE', params: { childAgeMonths: 5, ageMinMonths: 6, ageMaxMonths: 12 } });
  });
  it('lets a child through without a birth date or a course without dates', () => {
    expect(ageFits.check(age(null))).toEqual({ ok: true });
    expect(ageFits.check(age('2020-01-01', null))).toEqual({ ok: true });
  });
});

describe('priorityWindow', () => {
  const priorityWindow = bookingPolicy('priorityWindow');
  const window = (returning: boolean | null, openToAllAt: Date | null = LATER, courseIds = ['c-earlier']) => facts({ priority: { courseIds, openToAllAt, returning } });
  it('lets a returning child book while it runs', () => expect(priorityWindow.check(window(true))).toEqual({ ok: true }));
  it('refuses a child of no earlier course, and one not asked about', () => {
    expect(priorityWindow.check(window(false))).toMatchObject({ refused: 'PRIORITY_WINDOW' });
    expect(priorityWindow.check(window(null))).toMatchObject({ refused: 'PRIORITY_WINDOW' });
  });
  it('lets everyone book once it ended, or without earlier courses', () => {
    expect(priorityWindow.check(window(false, NOW))).toEqual({ ok: true });
    expect(priorityWindow.check(window(false, null))).toEqual({ ok: true });
    expect(priorityWindow.check(window(false, LATER, []))).toEqual({ ok: true });
  });
});

describe('waitingRoom', () => {
  it('refuses before the opening with the gate’s answer', () => {
    const notOpen = { refused: 'BOOKING_NOT_OPEN' as const, message: 'Booking has not opened', params: { opensAt: LATER.toISOString() } };
    expect(bookingPolicy('waitingRoom').check(facts({ waitingRoom: notOpen }))).toEqual(notOpen);
  });
  it('lets a family let in through', () => expect(bookingPolicy('waitingRoom').check(facts({ waitingRoom: { opensAt: NOW } }))).toEqual({ ok: true }));
});

describe('ownHold', () => {
  const ownHold = bookingPolicy('ownHold');
  it('answers with the hold, and only when there is one', () => {
    expect(ownHold.check(facts({ ownHold: true }))).toEqual({ ok: true, ownHold: true });
    expect(ownHold.check(bookable())).toEqual({ ok: true });
  });
  it('is asked of an admin too', () => expect(canBook(facts({ ownHold: true }), admin)).toEqual({ ok: true, ownHold: true }));
});

describe('canBook', () => {
  it('allows a bookable child', () => {
    expect(canBook(bookable(), parent)).toEqual({ ok: true });
    expect(canBook(bookable(), admin)).toEqual({ ok: true });
  });

  it('answers with the first refusal, in today’s order', () => {
    const order = ['published', 'notEnrolled', 'courseOpen', 'ageFits', 'priorityWindow', 'waitingRoom', 'paymentsAvailable', 'coolDown'] as const;
    expect(BOOKING_POLICIES.map((p) => p.name).filter((n) => n !== 'ownHold')).toEqual(order);
    // Each policy and every one after it refuse: the first of them is the answer.
    for (const [i, name] of order.entries()) {
      const all = order.slice(i).reduce((f, n) => ({ ...f, ...refusedBy[n].facts }), bookable());
      expect(canBook(all, parent), name).toMatchObject(refusedBy[name].refused);
    }
  });

  it('gives the own hold back before the course’s state, the age, the windows, payments and the cool-down are asked', () => {
    let all = { ...bookable(), ownHold: true };
    for (const name of ['courseOpen', 'ageFits', 'priorityWindow', 'waitingRoom', 'paymentsAvailable', 'coolDown'] as const) all = { ...all, ...refusedBy[name].facts };
    expect(canBook(all, parent)).toEqual({ ok: true, ownHold: true });
    // …but not before published and enrolled.
    expect(canBook({ ...all, enrolled: true }, parent)).toMatchObject({ refused: 'CHILD_ALREADY_IN_COURSE' });
    expect(canBook({ ...all, enrolled: true, published: false }, admin)).toMatchObject({ refused: 'COURSE_NOT_PUBLISHED' });
  });

  it('lets an admin past the overridden policies but not the others', () => {
    let all = bookable();
    for (const name of overridden) all = { ...all, ...refusedBy[name].facts };
    expect(canBook(all, parent)).toMatchObject({ refused: 'CHILD_AGE_OUTSIDE_RANGE' });
    expect(canBook(all, admin)).toEqual({ ok: true });
    expect(canBook({ ...all, courseState: 'closed' }, admin)).toMatchObject({ refused: 'LATE_BOOKING_CLOSED' });
    expect(canBook({ ...all, paymentsAvailable: false }, admin)).toMatchObject({ refused: 'PAYMENT_PROVIDER' });
  });
});

describe('canOffer: the policies a waitlist offer asks', () => {
  const offerable = (): OfferFacts => {
    const { now, age, priority, pausedUntil } = bookable();
    return { now, age, priority, pausedUntil };
  };

  it('are the age range, the priority window and the cool-down, in canBook’s order', () => {
    expect(OFFER_POLICIES).toEqual(['ageFits', 'priorityWindow', 'coolDown']);
    expect(canOffer(offerable())).toEqual({ ok: true });
  });

  it('refuse as the booking policies do, the first refusal being the answer', () => {
    for (const name of OFFER_POLICIES) {
      const change = refusedBy[name].facts as Partial<OfferFacts>;
      expect(canOffer({ ...offerable(), ...change }), name).toMatchObject(refusedBy[name].refused);
      expect(bookingPolicy(name).check(facts(change)), name).toEqual(canOffer({ ...offerable(), ...change }));
    }
    const all = OFFER_POLICIES.reduce((f, n) => ({ ...f, ...(refusedBy[n].facts as Partial<OfferFacts>) }), offerable());
    expect(canOffer(all)).toMatchObject({ refused: 'CHILD_AGE_OUTSIDE_RANGE' });
  });

  it('asks only the policies named', () => {
    const all = OFFER_POLICIES.reduce((f, n) => ({ ...f, ...(refusedBy[n].facts as Partial<OfferFacts>) }), offerable());
    expect(canOffer(all, ['coolDown'])).toMatchObject({ refused: 'HOLD_COOLDOWN' });
    expect(canOffer({ ...all, age: offerable().age }, ['ageFits'])).toEqual({ ok: true });
  });
});
