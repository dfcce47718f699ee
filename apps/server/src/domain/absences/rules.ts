import { ageFits, osloDayStart, type AbsenceSettings } from '@app/shared';

// Why: docs/decisions/061-absences-and-make-up-tokens.md. The rules an absence and a make-up token follow, as plain
// functions of their facts (the service reads the facts, these answer).

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The date's absence deadline: an absence reported by then gives a token; a make-up can be cancelled until then. */
export const absenceDeadline = (date: Date, settings: Pick<AbsenceSettings, 'deadlineHours'>): Date =>
  new Date(date.getTime() - settings.deadlineHours * HOUR_MS);

/** Whether an absence reported at `reportedAt` earns a token: by the deadline, and below the course's count. */
export function earnsToken(input: { date: Date; reportedAt: Date; tokensGivenOnCourse: number }, settings: Pick<AbsenceSettings, 'deadlineHours' | 'tokensPerCourse'>): boolean {
  return input.reportedAt.getTime() <= absenceDeadline(input.date, settings).getTime() && input.tokensGivenOnCourse < settings.tokensPerCourse;
}

/** A token's expiry: the end of its season (the Oslo day after `seasonEndsOn` begins), or `tokenMinDays` after `from`, whichever is later. */
export function tokenExpiry(from: Date, seasonEndsOn: string | null, settings: Pick<AbsenceSettings, 'tokenMinDays'>): Date {
  const minimum = from.getTime() + settings.tokenMinDays * DAY_MS;
  const seasonEnd = seasonEndsOn ? osloDayStart(seasonEndsOn, 1).getTime() : 0;
  return new Date(Math.max(minimum, seasonEnd));
}

/** What a make-up must match: the token's course (its ladder level; its course type when it has none) and the child. */
export interface MakeupNeed {
  levelId: string | null;
  experienceLevel: string;
  birthdate: string;
  expiresAt: Date;
  now: Date;
}

/** A candidate course's date (at a venue in the same town, the caller's query). */
export interface MakeupCandidate {
  levelId: string | null;
  experienceLevel: string;
  ageMinMonths: number | null;
  ageMaxMonths: number | null;
  date: Date;
}

/** Whether the date fits the token: same level (decision 057), the child's age fits on that date, after now, before the token expires. */
export function makeupFits(need: MakeupNeed, candidate: MakeupCandidate): boolean {
  const sameLevel = need.levelId ? candidate.levelId === need.levelId : candidate.experienceLevel === need.experienceLevel;
  return (
    sameLevel &&
    ageFits(candidate, need.birthdate, candidate.date) &&
    candidate.date.getTime() > need.now.getTime() &&
    candidate.date.getTime() < need.expiresAt.getTime()
  );
}
