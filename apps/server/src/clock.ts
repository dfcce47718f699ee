/**
 * Where the rules read the time. Rules call `clock.now()` instead of `new Date()`, so tests can put the server on
 * any day (a course half-way through, a course that ended) without waiting or faking timers.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that says what the test sets: `clock.set(date)`. */
export function fixedClock(start: Date): Clock & { set(date: Date): void } {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set(date: Date) {
      current = new Date(date);
    },
  };
}
