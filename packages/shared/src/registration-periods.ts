import { addDaysToKey as addDays } from './format';

/** The user-registrations page's periods (spec §2) on 'YYYY-MM-DD' days; weeks start on Monday, current ones end today. */
export const REGISTRATION_PRESETS = [
  'I dag',
  'I går',
  'Denne uken',
  'Forrige uke',
  'Denne måneden',
  'Forrige måned',
  'Dette året',
  'Forrige år',
] as const;
export type RegistrationPreset = (typeof REGISTRATION_PRESETS)[number];

export interface DayRange {
  start: string;
  end: string;
}

const parse = (key: string) => new Date(`${key}T00:00:00.000Z`);
const key = (d: Date) => d.toISOString().slice(0, 10);

/** The default: the 1st of the current month to today. */
export function defaultRegistrationRange(today: string): DayRange {
  return { start: `${today.slice(0, 7)}-01`, end: today };
}

export function registrationPresetRange(preset: RegistrationPreset, today: string): DayRange {
  const d = parse(today);
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth();
  const mondayOffset = (d.getUTCDay() + 6) % 7;
  const monday = addDays(today, -mondayOffset);
  switch (preset) {
    case 'I dag':
      return { start: today, end: today };
    case 'I går': {
      const yesterday = addDays(today, -1);
      return { start: yesterday, end: yesterday };
    }
    case 'Denne uken':
      return { start: monday, end: today };
    case 'Forrige uke':
      return { start: addDays(monday, -7), end: addDays(monday, -1) };
    case 'Denne måneden':
      return defaultRegistrationRange(today);
    case 'Forrige måned':
      return { start: key(new Date(Date.UTC(year, month - 1, 1))), end: key(new Date(Date.UTC(year, month, 0))) };
    case 'Dette året':
      return { start: `${year}-01-01`, end: today };
    case 'Forrige år':
      return { start: `${year - 1}-01-01`, end: `${year - 1}-12-31` };
  }
}

/** Spec §5: start as the start of its day, end as the end of its day, in UTC, as full ISO timestamps. */
export function registrationQuery(range: DayRange): { startDate: string; endDate: string } {
  return { startDate: `${range.start}T00:00:00.000Z`, endDate: `${range.end}T23:59:59.999Z` };
}
