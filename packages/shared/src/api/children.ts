import { z } from '../zod';
import { idSchema } from '../ids';
import { isoDateTime, personFields, personName } from './common';
import { courseSchema } from './courses';

/** A child of a family profile: its courses, and adding one (`POST /users/children`). */

/** A course a child takes part in, as the family sees it. */
export const childCourseSchema = courseSchema.pick({
  _id: true,
  name: true,
  place: true,
  dates: true,
  cancelledDates: true,
  timeFrom: true,
  timeTo: true,
  experienceLevel: true,
});
export type ChildCourse = z.infer<typeof childCourseSchema>;

export const childSchema = z.object({
  ...personFields,
  birthdate: z.string(),
  registrationDate: isoDateTime,
  courses: z.array(childCourseSchema),
});
export type Child = z.infer<typeof childSchema>;

const birthdateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Fødselsdato må ha formen ÅÅÅÅ-MM-DD')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return false;
    const age = (Date.now() - date.getTime()) / (365.25 * 24 * 3600 * 1000);
    return age >= -0.01 && age <= 18;
  }, 'Fødselsdatoen må være en gyldig dato, ikke i fremtiden og høyst 18 år tilbake');

export const addChildInputSchema = z.object({
  child: z.object({ firstName: personName(100), lastName: personName(100), birthdate: birthdateSchema }),
  profileId: idSchema,
});
export type AddChildInput = z.infer<typeof addChildInputSchema>;
