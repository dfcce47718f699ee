import { z } from '../zod';
import { ORDER_STATUSES } from '../constants';
import { idSchema } from '../ids';
import { idListSchema, isoDateTime, personFields } from './common';
import { familyLapsesSchema } from './booking';
import { childSchema } from './children';

export const profileParentSchema = z.object({
  ...personFields,
  phone: z.string().nullable(),
  email: z.string().nullable(),
});

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
    /** Child ids (spec §7 `GET /profiles?pop&cId=ids`): their families, for an admin or the children's instructor. */
    cId: idListSchema.optional(),
  })
  .refine((q) => !(q.pId && q.cId), { message: 'Bruk enten pId eller cId', path: ['cId'] });

// ---- PATCH /profiles/{id} -----------------------------------------------------------------------------------------
/** The profile's guardians after the change, in order; the first (the owner) stays first. Only removal is possible. */
export const updateProfileInputSchema = z.object({ parents: z.array(idSchema).min(1).max(50) }).strict();

/** GET /profiles/{id}/overview: `instructorCourses` for an instructor owner; `admin` only for admins. */
export const profileOrderSchema = z.object({
  _id: idSchema,
  reference: z.string(),
  humanReference: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** kr */
  amount: z.number(),
  createdAt: isoDateTime,
  courseId: idSchema.nullable(),
  courseName: z.string().nullable(),
  childName: z.string().nullable(),
});
export type ProfileOrder = z.infer<typeof profileOrderSchema>;

export const guardianDetailsSchema = z.object({
  _id: idSchema,
  roles: z.array(z.string()),
  address: z.string().nullable(),
  zipCode: z.string().nullable(),
  place: z.string().nullable(),
  lastLogin: isoDateTime.nullable(),
  registrationDate: isoDateTime,
});

export const instructorCourseSchema = z.object({
  _id: idSchema,
  name: z.string(),
  experienceLevel: z.string(),
  place: z.object({ _id: idSchema, name: z.string(), place: z.string() }),
  dates: z.array(isoDateTime),
  timeFrom: z.string(),
  timeTo: z.string(),
});

export const profileOverviewSchema = z.object({
  instructorCourses: z.array(instructorCourseSchema),
  admin: z.object({ guardians: z.array(guardianDetailsSchema), orders: z.array(profileOrderSchema) }).nullable(),
});
export type ProfileOverview = z.infer<typeof profileOverviewSchema>;
