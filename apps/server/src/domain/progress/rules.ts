/** A share in percent is out of this. */
const WHOLE = 100;

/** The pure rules of progress (decision 057): the default 'Anbefalt neste kurs' and the certificate's attendance. */

/**
 * The default recommendation at the course's end: the next level of the ladder once every skill of the course's
 * level is mastered (retired skills left out), else the same level; at the top of the ladder, the same level.
 * `ladder` is the levels in use (not retired), bottom first.
 */
export function defaultRecommendation(input: { ladder: readonly string[]; levelId: string; skillIds: readonly string[]; mastered: ReadonlySet<string> }): string {
  const { ladder, levelId, skillIds, mastered } = input;
  const next = ladder[ladder.indexOf(levelId) + 1];
  const allMastered = skillIds.length > 0 && skillIds.every((id) => mastered.has(id));
  return allMastered && ladder.includes(levelId) && next ? next : levelId;
}

/**
 * Whether the child earned 'Kursbevis': the course is over and the child came to at least `minPercent` of the dates
 * held (cancelled dates do not count; a make-up date attended counts for the child's own course).
 */
export function earnsCertificate(input: { over: boolean; datesHeld: number; attended: number; minPercent: number }): boolean {
  const { over, datesHeld, attended, minPercent } = input;
  if (!over || datesHeld <= 0) return false;
  // In whole numbers: attended / held >= minPercent / 100, with no rounding.
  return Math.min(attended, datesHeld) * WHOLE >= minPercent * datesHeld;
}
