import { describe, expect, it } from 'vitest';
import { admissionPace, nextPace, SLOWEST_PACE } from './admission-pace';

describe('the admission pace from measured latency (issue 37)', () => {
  it('halves while the delay is above the limit, down to a sixteenth, and doubles back to the full rate', () => {
    const paces: number[] = [];
    let pace = 1;
    for (const delay of [250, 250, 250, 250, 250, 250, 40, 40, 100, 40, 40, 40]) paces.push((pace = nextPace(pace, delay, 100)));
    expect(paces).toEqual([1 / 2, 1 / 4, 1 / 8, 1 / 16, SLOWEST_PACE, SLOWEST_PACE, 1 / 8, 1 / 4, 1 / 2, 1, 1, 1]);
  });

  it('a limit of 0 keeps the full rate whatever the delay', () => {
    expect(nextPace(1 / 4, 5_000, 0)).toBe(1);
    const pace = admissionPace(0);
    expect(pace.next()).toBe(1);
    pace.stop();
  });

  it('reads this process’s own event-loop delay: a blocked loop slows the next tick', async () => {
    const pace = admissionPace(50);
    try {
      await new Promise((resolve) => setTimeout(resolve, 30));
      const blockedUntil = Date.now() + 150;
      while (Date.now() < blockedUntil) {
        // A long task on the event loop, as a wave of page renders makes one.
      }
      // The histogram's own timer, late by the block, records it.
      await new Promise((resolve) => setTimeout(resolve, 25));
      expect(pace.next()).toBe(1 / 2);
    } finally {
      pace.stop();
    }
  });
});
