/** The name of the holiday on a day ('YYYY-MM-DD'), or null when the day is an ordinary one. */
export type HolidayLabel = (day: string) => string | null;

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The course form's holidays: Norwegian public holidays ('Første juledag') and the school holidays a swim school plans
 * around ('Juleferie'), i.e. the days isNoCourseDay says no course runs. The holiday data (date-holidays, about 260 kB
 * gzipped) is its own chunk, fetched when an admin opens the course form: public pages and the place page never load it.
 */
export async function loadHolidayLabel(): Promise<HolidayLabel> {
  const { norwegianHolidayName, schoolHolidayOn } = await import('@shared/holidays');
  return (day) => {
    const school = schoolHolidayOn(day);
    return norwegianHolidayName(day) ?? (school ? capitalise(school.name) : null);
  };
}
