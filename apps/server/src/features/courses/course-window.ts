import { courseWindow } from '@app/shared';
import { AppError } from '../../lib/app-error';

export interface DateWindow {
  start: Date;
  end: Date;
}

/** Spec §9 (packages/shared courseWindow): 21 days back to 183 days ahead of now. */
export function defaultCourseWindow(now: Date): DateWindow {
  const window = courseWindow(now);
  return { start: new Date(window.startDate), end: new Date(window.endDate) };
}

/** Epoch-ms query values to a window; a missing end falls back to the default window's. */
export function windowFromQuery(query: { startDate?: number; endDate?: number }, now: Date): DateWindow {
  const fallback = defaultCourseWindow(now);
  const window = {
    start: query.startDate === undefined ? fallback.start : new Date(query.startDate),
    end: query.endDate === undefined ? fallback.end : new Date(query.endDate),
  };
  assertOrdered(window.start, window.end);
  return window;
}

export function assertOrdered(start: Date | undefined, end: Date | undefined): void {
  if (start && end && start.getTime() > end.getTime()) {
    throw new AppError('VALIDATION', 'Invalid input: startDate must not be after endDate');
  }
}
