import { z } from '../zod';
import { idSchema } from '../ids';
import { idListSchema, isoDateTime, trimmed } from './common';
import { familyLapsesSchema } from './booking';
import { courseSchema } from './courses';

export const profileParentSchema = z.object({
  _id: idSchema,
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});

/** A course a child takes part in, as the family sees it. */
export const childCourseSchema = courseSchema.pick({
  _id: true,
  name: true,
  place: true,
  dates: true,
  timeFrom: true,
  timeTo: true,
  experienceLevel: true,
});
export type ChildCourse = z.infer<typeof childCourseSchema>;

export const childSchema = z.object({
  _id: idSchema,
  firstName: z.string(),
  lastName: z.string(),
  birthdate: z.string(),
  registrationDate: isoDateTime,
  courses: z.array(childCourseSchema),
});
export type Child = z.infer<typeof childSchema>;

export const profileSchema = z.object({
  _id: idSchema,
  /** Ordered: the first guardian owns the profile. */
  parents: z.array(profileParentSchema),
  children: z.array(childSchema),
  /** The family's lapses and payment pause (issue 36): shown to its guardians and admins only. */
  familyLapses: familyLapsesSchema.optional(),
});
export type Profile = z.infer<typeof profileSchema>;
export const profileListSchema = z.array(profileSchema);

export const profilesQuerySchema = z
  .object({
    pop: z.string().optional(),
    /** A guardian's user id: that user's profiles (one's own, or anyone's for an admin). */
    pId: idSchema.optional(),
    /**
     * Child ids, comma separated (spec §7 `GET /profiles?pop&cId=ids`): the families of those children, for an admin,
     * or for the instructor of a course each child takes part in.
     */
    cId: idListSchema.optional(),
  })
  .refine((q) => !(q.pId && q.cId), { message: 'Bruk enten pId eller cId', path: ['cId'] });

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
  child: z.object({ firstName: trimmed(100), lastName: trimmed(100), birthdate: birthdateSchema }),
  profileId: idSchema,
});
export type AddChildInput = z.infer<typeof addChildInputSchema>;
