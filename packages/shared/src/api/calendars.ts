import { z } from '../zod';
import { idSchema } from '../ids';

/** POST /api/calendars → text/calendar, Content-Disposition filename 'kurskalender {name} {first date}.ics'. */
export const calendarInputSchema = z.object({ userId: idSchema, courseId: idSchema });
export type CalendarInput = z.infer<typeof calendarInputSchema>;
