import { z } from '../zod';
import { idSchema } from '../ids';
import { isoDateTime } from './common';
import { makeupOptionSchema } from './changes';

/** Issue 58 (decision 061): 'Meld fravær', make-up tokens ('Erstatningstime') and make-up dates. */

export const absenceReasonSchema = z.enum(['sick', 'other'], 'Velg Syk eller Annet.');
export type AbsenceReason = z.infer<typeof absenceReasonSchema>;

/** POST /children/:id/absences: the child is absent on one date of its course. */
export const absenceInputSchema = z.object({ courseId: idSchema, date: isoDateTime, reason: absenceReasonSchema.nullable().optional() });
export type AbsenceInput = z.infer<typeof absenceInputSchema>;

export const absenceSchema = z.object({ _id: idSchema, reason: absenceReasonSchema.nullable(), reportedAt: isoDateTime, tokenId: idSchema.nullable() });
export type Absence = z.infer<typeof absenceSchema>;

/** One coming date of a child's course on /profil, with its absence (null: none reported). */
export const absenceDateSchema = z.object({
  childId: idSchema,
  childName: z.string(),
  courseId: idSchema,
  courseName: z.string(),
  placeName: z.string(),
  date: isoDateTime,
  /** An absence reported by then gives a token (while the course's count lasts). */
  deadline: isoDateTime,
  absence: absenceSchema.nullable(),
});
export type AbsenceDate = z.infer<typeof absenceDateSchema>;

export const makeupSchema = z.object({ _id: idSchema, courseId: idSchema, courseName: z.string(), placeName: z.string(), date: isoDateTime, timeFrom: z.string(), timeTo: z.string(), cancelDeadline: isoDateTime });
export type Makeup = z.infer<typeof makeupSchema>;

export const tokenStateSchema = z.enum(['open', 'spent', 'expired', 'withdrawn']);
export const makeupTokenSchema = z.object({
  _id: idSchema,
  childId: idSchema,
  childName: z.string(),
  source: z.enum(['absence', 'closure', 'admin']),
  reason: z.string(),
  courseName: z.string().nullable(),
  expiresAt: isoDateTime,
  createdAt: isoDateTime,
  state: tokenStateSchema,
  makeup: makeupSchema.nullable(),
});
export type MakeupToken = z.infer<typeof makeupTokenSchema>;

/** GET /profiles/:id/absences: the family's coming dates, tokens and make-ups; `enabled`: the school has them on. */
export const familyAbsencesSchema = z.object({ enabled: z.boolean(), dates: z.array(absenceDateSchema), tokens: z.array(makeupTokenSchema) });
export type FamilyAbsences = z.infer<typeof familyAbsencesSchema>;

/** The answer to 'Meld fravær': the absence and whether it gave a token. */
export const absenceReportedSchema = z.object({ absence: absenceSchema, token: makeupTokenSchema.nullable() });
export type AbsenceReported = z.infer<typeof absenceReportedSchema>;

/** GET /tokens/:id/makeup-options: 'Finn erstatningstime'. */
export const makeupOptionsSchema = z.array(makeupOptionSchema);

/** POST /tokens/:id/makeups: one tap books the date with the token. */
export const makeupInputSchema = z.object({ courseId: idSchema, date: isoDateTime });
export type MakeupInput = z.infer<typeof makeupInputSchema>;

/** POST /children/:id/tokens (admin): a token by hand, with a reason (logged), on one of the child's courses. */
export const giveTokenInputSchema = z.object({
  courseId: idSchema,
  reason: z.string().trim().min(1, 'Skriv en grunn').max(500, 'Grunnen kan være høyst 500 tegn'),
});
export type GiveTokenInput = z.infer<typeof giveTokenInputSchema>;

/** PUT /courses/:id/absence-settings (admin): absences off for the course; at most this many make-ups per date. */
export const courseAbsenceSettingsSchema = z.object({
  absencesOff: z.boolean('Velg av eller på.'),
  makeupLimit: z.number('Skriv et helt tall').int('Skriv et helt tall').min(0, 'Skriv et tall fra 0').max(1000, 'Skriv et tall til 1000').nullable(),
});
export type CourseAbsenceSettings = z.infer<typeof courseAbsenceSettingsSchema>;

/** GET /courses/:id/absences (admin): the course's settings, absences and the tokens earned on it. */
export const courseAbsencesSchema = courseAbsenceSettingsSchema.extend({
  absences: z.array(z.object({ _id: idSchema, childName: z.string(), date: isoDateTime, reason: absenceReasonSchema.nullable(), reportedAt: isoDateTime, undoneAt: isoDateTime.nullable() })),
  tokens: z.array(makeupTokenSchema),
});
export type CourseAbsences = z.infer<typeof courseAbsencesSchema>;
