import { COURSE_WINDOW_DAYS_AHEAD, COURSE_WINDOW_DAYS_BACK } from '@app/shared';
import { AppError } from '../../plugins/errors';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface DateWindow {
  start: Date;
  end: Date;
}

/** Spec §9: the ordering page shows courses from 21 days back to 183 days ahead of now. */
export function defaultCourseWindow(now: Date = new Date()): DateWindow {
  return {
    start: new Date(now.getTime() - COURSE_WINDOW_DAYS_BACK * DAY_MS),
    end: new Date(now.getTime() + COURSE_WINDOW_DAYS_AHEAD * DAY_MS),
  };
}

/** Epoch-ms query values to a window; a missing end falls back to the default window's. */
export function windowFromQuery(query: { startDate?: number; endDate?: number }, now: Date = new Date()): DateWindow {
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
