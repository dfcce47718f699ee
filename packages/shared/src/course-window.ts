import { COURSE_WINDOW_DAYS_AHEAD, COURSE_WINDOW_DAYS_BACK } from './constants';

const DAY_MS = 86_400_000;

/** A date range in epoch milliseconds, both ends included. */
export interface DateWindow {
  startDate: number;
  endDate: number;
}

/** Spec §9: courses from 21 days back to 183 ahead; the web asks in whole UTC days, so its query key holds all day. */
export function courseWindow(now: Date | number = Date.now(), options: { wholeDays?: boolean } = {}): DateWindow {
  const at = typeof now === 'number' ? now : now.getTime();
  if (!options.wholeDays) {
    return { startDate: at - COURSE_WINDOW_DAYS_BACK * DAY_MS, endDate: at + COURSE_WINDOW_DAYS_AHEAD * DAY_MS };
  }
  const today = Math.floor(at / DAY_MS) * DAY_MS;
  return { startDate: today - COURSE_WINDOW_DAYS_BACK * DAY_MS, endDate: today + (COURSE_WINDOW_DAYS_AHEAD + 1) * DAY_MS - 1 };
}
