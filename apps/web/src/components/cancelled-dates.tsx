/** A course date that will not take place (`cancelledDates`): marked 'Avlyst' and left out of the count. */
import { countOf } from '@/lib/format';

interface WithCancelledDates {
  dates: readonly string[];
  cancelledDates: readonly string[];
}

export const isCancelledDate = (course: Pick<WithCancelledDates, 'cancelledDates'>, date: string): boolean => course.cancelledDates.includes(date);

/** The dates that take place: '9 ganger (1 avlyst)', or '10 ganger' when none is cancelled. */
export function heldDatesLabel(course: WithCancelledDates): string {
  const cancelled = course.dates.filter((d) => isCancelledDate(course, d)).length;
  const held = course.dates.length - cancelled;
  return `${countOf(held, 'gang', 'ganger')}${cancelled > 0 ? ` (${cancelled} avlyst)` : ''}`;
}

/** The mark beside a cancelled date in a list. */
export function CancelledMark() {
  return <span className="ml-2 rounded-full bg-danger-bg px-2 py-0.5 text-sm font-semibold text-danger">Avlyst</span>;
}
