import { z } from '../zod';
import { idSchema } from '../ids';
import { isoDateTime } from './common';

export const instructorListItemSchema = z.object({ id: idSchema, name: z.string() });
export const instructorListSchema = z.array(instructorListItemSchema);

/** Full ISO timestamps in UTC with milliseconds (2026-11-01T00:00:00.000Z), as `Date.toISOString()` writes them. */
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const isoMillisSchema = z
  .string()
  .regex(ISO_MS, 'Invalid date format')
  .refine((v) => {
    const d = new Date(v);
    return !Number.isNaN(d.getTime()) && d.toISOString() === v;
  }, 'Invalid date format');
/**
 * GET /users/by-registration-date: both dates as full ISO timestamps with milliseconds, else 400 'Invalid date
 * format' (spec §5). The route reads them as strings and answers that message itself.
 */
export const registrationDateQuerySchema = z
  .object({ startDate: isoMillisSchema, endDate: isoMillisSchema })
  .refine((q) => q.startDate <= q.endDate, 'Invalid date format');
/** What the route reads (plain strings): the service applies registrationDateQuerySchema and answers its message. */
export const registrationDateRawQuerySchema = z.object({ startDate: z.string().optional(), endDate: z.string().optional() });
export const registeredParentSchema = z.object({
  _id: idSchema,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  roles: z.array(z.string()),
  registrationDate: isoDateTime,
  /** Their own (first) profile, for 'Se profil'; null if they have none. */
  profileId: idSchema.nullable(),
});
export type RegisteredParent = z.infer<typeof registeredParentSchema>;
export const registeredChildSchema = z.object({
  _id: idSchema,
  firstName: z.string(),
  lastName: z.string(),
  birthdate: z.string(),
  registrationDate: isoDateTime,
  profileId: idSchema.nullable(),
});
export type RegisteredChild = z.infer<typeof registeredChildSchema>;
export const usersByRegistrationDateSchema = z.object({
  startDate: isoDateTime,
  endDate: isoDateTime,
  parents: z.array(registeredParentSchema),
  children: z.array(registeredChildSchema),
  /** All that matched; the lists stop at REGISTRATIONS_LIST_MAX each, newest first. */
  parentCount: z.number().int(),
  childCount: z.number().int(),
});
export type UsersByRegistrationDate = z.infer<typeof usersByRegistrationDateSchema>;
