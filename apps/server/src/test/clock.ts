import type { Clock } from '../context';

/** A clock for tests: fixed at `start` until set() or advance() moves it. */
export function movableClock(start: Date | string | number): Clock & { set(at: Date | string | number): void; advance(ms: number): void } {
  let at = new Date(start).getTime();
  return {
    now: () => new Date(at),
    set: (value) => {
      at = new Date(value).getTime();
    },
    advance: (ms) => {
      at += ms;
    },
  };
}
