/** The name of the holiday on a day ('YYYY-MM-DD'), or null when the day is an ordinary one. */
export type HolidayLabel = (day: string) => string | null;

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The course form's public and school holidays; date-holidays (about 260 kB gzipped) loads only with the course form. */
export async function loadHolidayLabel(): Promise<HolidayLabel> {
  const { norwegianHolidayName, schoolHolidayOn } = await import('@shared/holidays');
  return (day) => {
    const school = schoolHolidayOn(day);
    return norwegianHolidayName(day) ?? (school ? capitalise(school.name) : null);
  };
}
