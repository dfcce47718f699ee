import { osloWeekday, toDate } from '@app/shared';
import { priorityWindowRuns } from '../enrolment/policies';

/**
 * 'Behold plassen' (decision 060): the rules of a rollover, pure. The reservation itself is a claim in the seat ledger
 * (seat_claims kind 'rollover'); these decide the reply-by, the suggested next course and where a released place goes.
 */

const DAY_MS = 86_400_000;

/** The default reply-by: `days` after the offer e-mail (the settings slice 'rollover'). */
export const defaultReplyBy = (now: Date, days: number): Date => new Date(now.getTime() + days * DAY_MS);

/**
 * Why the reply-by cannot be used, or null: it must lie ahead and end before every next course's priority window opens
 * (its opening, `opensAt`), so a place not kept is there for the returning families when they may book.
 */
export function replyByRefusal(replyBy: Date, now: Date, next: readonly { opensAt: Date | null }[]): { opensAt: Date | null } | null {
  if (replyBy.getTime() <= now.getTime()) return { opensAt: null };
  const first = next.flatMap((c) => (c.opensAt ? [c.opensAt] : [])).sort((a, b) => a.getTime() - b.getTime())[0];
  return first && replyBy.getTime() > first.getTime() ? { opensAt: first } : null;
}

interface Slot {
  id: string;
  placeId: string;
  timeFrom: string;
  levelId: string | null;
  firstDate: Date | string | null;
}

/** The next course that continues `from`: same venue, weekday and time, at the recommended level if one fits. */
export function suggestNext(from: Slot, recommendedLevelId: string | null, candidates: readonly Slot[]): string | null {
  const day = from.firstDate ? osloWeekday(toDate(from.firstDate)) : null;
  const same = candidates.filter((c) => c.placeId === from.placeId && c.timeFrom === from.timeFrom && (c.firstDate ? osloWeekday(toDate(c.firstDate)) : null) === day);
  const level = recommendedLevelId ?? from.levelId;
  return (same.find((c) => c.levelId === level) ?? same[0])?.id ?? null;
}

/** Where a released place goes: a waiting child's offer first; with nobody waiting, the priority window while it runs, else everyone. */
export type ReleasedTo = 'waitlist' | 'priority' | 'public';

export function releasedTo(facts: { waitlistOffers: number; course: { priorityCourseIds: readonly string[]; openToAllAt: Date | null }; now: Date }): ReleasedTo {
  if (facts.waitlistOffers > 0) return 'waitlist';
  return priorityWindowRuns({ courseIds: facts.course.priorityCourseIds, openToAllAt: facts.course.openToAllAt }, facts.now) ? 'priority' : 'public';
}
