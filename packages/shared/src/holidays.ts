import Holidays from 'date-holidays';
import { addDaysToKey as addDays, osloDateKey } from './format';

/** Norwegian public and school holidays on Oslo days; kept out of the index (import '@app/shared/holidays'). */

type DateLike = Date | string;

const norway = new Holidays('NO');
/** Public holidays plus julaften and nyttårsaften (bank holidays: the pools are closed). */
const CLOSED_TYPES = new Set(['public', 'bank']);

const publicByYear = new Map<number, Map<string, string>>();
function publicHolidays(year: number): Map<string, string> {
  let map = publicByYear.get(year);
  if (!map) {
    map = new Map();
    for (const holiday of norway.getHolidays(year)) {
      const day = holiday.date.slice(0, 10);
      // Two on one day (17 May 2027 is also Andre pinsedag): the first named wins.
      if (CLOSED_TYPES.has(holiday.type) && !map.has(day)) map.set(day, holiday.name);
    }
    publicByYear.set(year, map);
  }
  return map;
}

const key = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10);
const keyOf = (value: DateLike): string => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : osloDateKey(value));

/** The name of the Norwegian public holiday on that Oslo day ('Første juledag'), or null. */
export function norwegianHolidayName(value: DateLike): string | null {
  const day = keyOf(value);
  if (!day) return null;
  return publicHolidays(Number(day.slice(0, 4))).get(day) ?? null;
}

/** Whether that Oslo day is a Norwegian public holiday (the admin's course form warns about these). */
export const isNorwegianHoliday = (value: DateLike): boolean => norwegianHolidayName(value) !== null;

function easterSunday(year: number): string {
  for (const holiday of norway.getHolidays(year)) if (holiday.name === 'Første påskedag') return holiday.date.slice(0, 10);
  throw new Error(`no Easter in ${year}`);
}


/** Monday of ISO week `week` of `year`. */
function isoWeekMonday(year: number, week: number): string {
  const jan4 = new Date(Date.UTC(year, 0, 4));
  const mondayOfWeek1 = new Date(jan4.getTime() - ((jan4.getUTCDay() + 6) % 7) * 86_400_000);
  return new Date(mondayOfWeek1.getTime() + (week - 1) * 7 * 86_400_000).toISOString().slice(0, 10);
}

interface SchoolHoliday {
  name: 'juleferie' | 'vinterferie' | 'påskeferie';
  /** First and last Oslo day, both included. */
  from: string;
  to: string;
}

/** A year's school holidays: juleferie 21.12–2.1, vinterferie in week 8 with its weekends, påskeferie Sat–Andre påskedag. */
function computeSchoolHolidays(year: number): SchoolHoliday[] {
  const easter = easterSunday(year);
  const winterMonday = isoWeekMonday(year, 8);
  return [
    { name: 'juleferie', from: key(year - 1, 12, 21), to: key(year, 1, 2) },
    { name: 'vinterferie', from: addDays(winterMonday, -2), to: addDays(winterMonday, 6) },
    { name: 'påskeferie', from: addDays(easter, -8), to: addDays(easter, 1) },
    { name: 'juleferie', from: key(year, 12, 21), to: key(year + 1, 1, 2) },
  ];
}

const schoolByYear = new Map<number, SchoolHoliday[]>();

/** The school holiday that Oslo day falls in, or null. */
export function schoolHolidayOn(value: DateLike): SchoolHoliday | null {
  const day = keyOf(value);
  if (!day) return null;
  const year = Number(day.slice(0, 4));
  if (!schoolByYear.has(year)) schoolByYear.set(year, computeSchoolHolidays(year));
  return schoolByYear.get(year)!.find((h) => h.from <= day && day <= h.to) ?? null;
}

/** No course runs that day: a public holiday or a school holiday. */
export const isNoCourseDay = (value: DateLike): boolean => isNorwegianHoliday(value) || schoolHolidayOn(value) !== null;
