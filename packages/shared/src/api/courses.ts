import { z } from '../zod';
import { EXPERIENCE_LEVELS, MAX_COURSE_DATES, PICKER_MIN_DATE, PRICE_STEP_KR } from '../constants';
import { COURSE_BOOKING_STATES, formatAgeRange } from '../course-booking';
import { idSchema } from '../ids';
import { onlyWrongType } from '../zod-messages';
import { epochMs, isoDateTime, personFields } from './common';

const personNameSchema = z.object({ _id: idSchema, firstName: z.string(), lastName: z.string() });

const participantSchema = z.object({
  ...personFields,
  birthdate: z.string().nullable(),
  profileId: idSchema.nullable(),
});
export type Participant = z.infer<typeof participantSchema>;

export const courseSchema = z.object({
  _id: idSchema,
  name: z.string(),
  place: z.object({ _id: idSchema, name: z.string(), slug: z.string(), place: z.string() }),
  dates: z.array(isoDateTime),
  /** Those of `dates` that will not take place ('Avlyst', issue 52): not sold, not counted in `booking`. */
  cancelledDates: z.array(isoDateTime),
  timeFrom: z.string(),
  timeTo: z.string(),
  weekday: z.number().int().min(0).max(6).nullable(),
  experienceLevel: z.string(),
  /** The ladder step (nivå, decision 057); null: none. */
  levelId: idSchema.nullable(),
  participantsAge: z.string(),
  /** The structured age range in whole months at the first date (both ends included); null: no bound. */
  ageMinMonths: z.number().int().nullable(),
  ageMaxMonths: z.number().int().nullable(),
  /** Late booking: open while at most this many dates have passed; null: the default (until half have passed). */
  lateBookingMaxPassed: z.number().int().nullable(),
  /** A late booking pays only for the remaining dates (rounded to 25 kr). */
  proRata: z.boolean(),
  /** kr (the database keeps øre): the full course price */
  price: z.number(),
  /** Whether and how it can be booked now, by the server's clock (courseBooking). */
  booking: z.object({
    state: z.enum(COURSE_BOOKING_STATES),
    remainingDates: z.array(isoDateTime),
    /** kr: what a booking made now costs (the Vipps amount) */
    price: z.number(),
  }),
  maximumParticipants: z.number().int(),
  participantsCount: z.number().int(),
  /** Maximum minus participants minus places held by waitlist offers (decision 016). */
  freePlaces: z.number().int(),
  /** Whether a full course takes children on its waitlist (an admin may close it). */
  waitlistOpen: z.boolean(),
  /** Returning swimmers first: until then only children of the earlier courses may book; null: open to all. */
  opensToAllAt: isoDateTime.nullable(),
  /** Enrolment night (decision 041): when booking opens ('Påmeldingen åpner …'); null: no opening time. */
  opensAt: isoDateTime.nullable(),
  /** Until when the opening's waiting room governs 'Bestill' (unless every course sells out before); null: none. */
  queueUntil: isoDateTime.nullable(),
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

/** min ≤ max for the age range. */
function ageRangeOrdered(value: { ageMinMonths?: number | null; ageMaxMonths?: number | null }, ctx: z.RefinementCtx): void {
  const { ageMinMonths: min, ageMaxMonths: max } = value;
  if (min !== null && min !== undefined && max !== null && max !== undefined && min > max) {
    ctx.addIssue({ code: 'custom', path: ['ageMaxMonths'], message: 'Høyeste alder kan ikke være lavere enn laveste alder' });
  }
}

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Tid må ha formen TT:MM');
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
/** A course date: a full ISO date-time, not before the pickers' minimum (August 2024) and not absurdly far ahead. */
const courseDate = isoDateTime.refine((value) => {
  const at = Date.parse(value);
  return at >= Date.parse(`${PICKER_MIN_DATE}T00:00:00Z`) && at < Date.parse('2100-01-01T00:00:00Z');
}, `Datoer må være fra august 2024`);

/** POST /courses and PATCH /courses/:id: the whole course, as the course form validates it too (spec §5). */
export const courseInputSchema = z
  .object({
    name: z.string().trim().max(200),
    placeId: idSchema,
    dates: z
      .array(courseDate)
      .min(1, 'Velg minst én dato')
      .max(MAX_COURSE_DATES, `Et kurs kan ha høyst ${MAX_COURSE_DATES} datoer`),
    timeFrom: clockTime,
    timeTo: clockTime,
    experienceLevel: z.enum(EXPERIENCE_LEVELS, { message: 'Velg nivå' }),
    /** The ladder step (decision 057); null: none; left out: unchanged. */
    levelId: idSchema.nullable().optional(),
    /** Made from the months (`courseAgeText`); a course with no bounds keeps the text it has. */
    participantsAge: z.string().trim().max(100),
    /** Whole months; min ≤ max (the database refuses otherwise). Null: no bound. */
    ageMinMonths: z.number().int().min(0).max(240).nullable(),
    ageMaxMonths: z.number().int().min(0).max(240).nullable(),
    /** Null: open until half the dates have passed; 0: closed once the course has started. */
    lateBookingMaxPassed: z.number().int().min(0).max(100).nullable(),
    proRata: z.boolean(),
    price: z
      .number({ error: onlyWrongType('Pris må være et tall') })
      .min(0, 'Prisen kan ikke være negativ')
      .max(100_000, 'Prisen kan være høyst 100\u00a0000 kr')
      .multipleOf(PRICE_STEP_KR, `Prisen må være i steg på ${PRICE_STEP_KR} kr`),
    maximumParticipants: z
      .number({ error: onlyWrongType('Maks antall deltakere må være et tall') })
      .int('Maks antall deltakere må være et heltall')
      .min(0, 'Maks antall deltakere kan ikke være negativt')
      .max(1000, 'Maks antall deltakere kan være høyst 1000'),
    instructors: z.array(idSchema).max(20),
    info: z.string().max(5000),
    published: z.boolean().nullable(),
    /** The admin has seen the warnings of COURSE_NEEDS_CONFIRMATION and saves anyway (decision 031). */
    confirm: z.boolean().optional(),
  })
  .refine((c) => minutesOf(c.timeTo) > minutesOf(c.timeFrom), {
    message: 'Sluttid må være etter starttid',
    path: ['timeTo'],
  })
  .refine((c) => c.ageMinMonths !== null || c.ageMaxMonths !== null || c.participantsAge.trim() !== '', {
    message: 'Fyll inn alder fra eller til',
    path: ['ageMinMonths'],
  })
  .superRefine(ageRangeOrdered);
export type CourseInput = z.infer<typeof courseInputSchema>;

/** The age parents read ('6–12 mnd'), made from the months; the stored text only for a course without bounds. */
export const courseAgeText = (c: { participantsAge: string; ageMinMonths: number | null; ageMaxMonths: number | null }) =>
  formatAgeRange(c) || c.participantsAge.trim();

/** A course's name when the admin gave it none ('Nybegynner, 1–2 år'), made again on every save (decision 031). */
export const derivedCourseName = (c: { experienceLevel: string; participantsAge: string }) => `${c.experienceLevel}, ${c.participantsAge.trim()}`;
/** Whether a stored name is one derivedCourseName made (any level's prefix: the age or level may have changed since). */
export const isDerivedCourseName = (name: string) => name.trim() === '' || EXPERIENCE_LEVELS.some((level) => name.startsWith(`${level}, `));
