import { z } from 'zod';
import { EXPERIENCE_LEVELS } from '../constants';
import { idSchema } from '../ids';
import { epochMs, isoDateTime, trimmed } from './common';

export const personNameSchema = z.object({ _id: idSchema, firstName: z.string(), lastName: z.string() });
export type PersonName = z.infer<typeof personNameSchema>;

export const participantSchema = z.object({
  _id: idSchema,
  firstName: z.string(),
  lastName: z.string(),
  birthdate: z.string().nullable(),
  profileId: idSchema.nullable(),
});
export type Participant = z.infer<typeof participantSchema>;

export const courseSchema = z.object({
  _id: idSchema,
  name: z.string(),
  place: z.object({ _id: idSchema, name: z.string(), slug: z.string(), place: z.string() }),
  dates: z.array(isoDateTime),
  timeFrom: z.string(),
  timeTo: z.string(),
  weekday: z.number().int().min(0).max(6).nullable(),
  experienceLevel: z.string(),
  participantsAge: z.string(),
  /** kr (the database keeps øre) */
  price: z.number(),
  maximumParticipants: z.number().int(),
  participantsCount: z.number().int(),
  freePlaces: z.number().int(),
  /** Only for the course's instructors and admins; visitors and parents receive no participant identities. */
  participants: z.array(participantSchema).optional(),
  instructors: z.array(personNameSchema),
  info: z.string(),
  published: z.boolean().nullable(),
  updatedAt: isoDateTime,
});
export type Course = z.infer<typeof courseSchema>;
export const courseListSchema = z.array(courseSchema);

export const placeCoursesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  startDate: epochMs.optional(),
  endDate: epochMs.optional(),
});

export const coursesQuerySchema = z.object({
  pId: idSchema.optional(),
  startDate: epochMs.optional(),
  endDate: epochMs.optional(),
  name: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  populate: z.enum(['true', 'false']).optional(),
  sortField: z.enum(['updatedAt', 'createdAt', 'firstDate']).optional(),
  sortOrder: z.enum(['asc', 'desc']).optional(),
});

export const courseInputSchema = z.object({
  name: z.string().max(200).default(''),
  placeId: idSchema,
  dates: z.array(isoDateTime).max(100),
  timeFrom: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
  timeTo: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
  experienceLevel: z.enum(EXPERIENCE_LEVELS),
  participantsAge: trimmed(100),
  price: z.number().min(0).max(100_000),
  maximumParticipants: z.number().int().min(0).max(1000),
  instructors: z.array(idSchema).max(20),
  info: z.string().max(5000).default(''),
  published: z.boolean().nullable().default(true),
});
