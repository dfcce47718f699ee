import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * Enrolment night's admission rate, set from measured latency (issue 37, decision 041). Each tick of the admission job
 * reads this instance's event-loop delay over the last tick (its p99): above the limit the pace halves, down to a
 * sixteenth of the opening's rate; at or below it the pace doubles back, up to the full rate. So the families let in
 * are served as on a quiet evening while a wave of page loads passes, and the line never stops. Unused admissions are
 * not banked (queue.service admit), so a slow patch does not store up a burst for later.
 */
export const SLOWEST_PACE = 1 / 16;

export function nextPace(pace: number, delayMs: number, limitMs: number): number {
  if (limitMs <= 0) return 1;
  return delayMs > limitMs ? Math.max(SLOWEST_PACE, pace / 2) : Math.min(1, pace * 2);
}

/** The pace for each tick on this instance; a limit of 0 keeps the full rate (QUEUE_ADMIT_MAX_DELAY_MS). */
export function admissionPace(limitMs: number): { next(): number; stop(): void } {
  if (limitMs <= 0) return { next: () => 1, stop: () => undefined };
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let pace = 1;
  return {
    next() {
      pace = nextPace(pace, delay.percentile(99) / 1e6, limitMs);
      delay.reset();
      return pace;
    },
    stop: () => delay.disable(),
  };
}
