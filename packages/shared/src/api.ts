import { z } from 'zod';
import { EXPERIENCE_LEVELS, MAX_COURSE_DATES, ORDER_STATUSES, PICKER_MIN_DATE, PLACE_IMAGES, PRICE_STEP_KR } from './constants';
import { idSchema } from './ids';

/**
 * The API contract: every route's params, query, body and response come from here, so the server cannot send a
 * field nobody declared and the web reads typed data. Field names keep the spec's (§3) shape, `_id` included.
 */

const trimmed = (max: number) => z.string().trim().min(1).max(max);
export const isoDateTime = z.string().datetime({ offset: true });
const epochMs = z.coerce.number().int().min(0).max(8_640_000_000_000);

export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
});

export const idParamsSchema = z.object({ id: idSchema });

// ---- places -----------------------------------------------------------------------------------------------
export const placeSchema = z.object({
  _id: idSchema,
  name: z.string(),
  slug: z.string(),
  address: z.string(),
  zipCode: z.string(),
  place: z.string(),
  info: z.string(),
  published: z.boolean(),
  /** One of the bundled venue illustrations, or null: then the picture is found by the venue's name. */
  image: z.enum(PLACE_IMAGES).nullable(),
  courseCount: z.number().int(),
});
export type Place = z.infer<typeof placeSchema>;
export const placeListSchema = z.array(placeSchema);

/**
 * POST /places and PATCH /places/:id (the form sends every field; the venue form validates with this same schema).
 * Spec §5: name, address, zip and place required; zip exactly 4 digits; info optional; published a checkbox.
 */
export const placeInputSchema = z.object({
  name: z.string().trim().min(1, 'Navn må fylles ut').max(100),
  address: z.string().trim().min(1, 'Adresse må fylles ut').max(200),
  zipCode: z.string().regex(/^\d{4}$/, 'Postnummer må være fire siffer'),
  place: z.string().trim().min(1, 'Sted må fylles ut').max(100),
  info: z.string().max(5000),
  published: z.boolean(),
  image: z.enum(PLACE_IMAGES).nullable(),
});
export type PlaceInput = z.infer<typeof placeInputSchema>;

// ---- courses ----------------------------------------------------------------------------------------------
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

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Tid må ha formen TT:MM');
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
/** A course date: a full ISO date-time, not before the pickers' minimum (August 2024) and not absurdly far ahead. */
const courseDate = isoDateTime.refine((value) => {
  const at = Date.parse(value);
  return at >= Date.parse(`${PICKER_MIN_DATE}T00:00:00Z`) && at < Date.parse('2100-01-01T00:00:00Z');
}, `Datoer må være fra august 2024`);

/**
 * POST /courses and PATCH /courses/:id: the whole course (the form sends every field, and the course form validates
 * with this same schema). Spec §5: age, times, price and maximum participants required; price ≥ 0 in steps of 25 kr;
 * maximum participants ≥ 0. Also: the end after the start, at least one date and at most MAX_COURSE_DATES, instructor
 * ids (the form's 'Foreløpig ukjent' is no instructor: it sends none). Unknown instructor ids are refused by the server.
 */
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
    participantsAge: z.string().trim().min(1, 'Alder må fylles ut').max(100),
    price: z
      .number({ message: 'Pris må være et tall' })
      .min(0, 'Prisen kan ikke være negativ')
      .max(100_000)
      .multipleOf(PRICE_STEP_KR, `Prisen må være i steg på ${PRICE_STEP_KR} kr`),
    maximumParticipants: z
      .number({ message: 'Maks antall deltakere må være et tall' })
      .int('Maks antall deltakere må være et heltall')
      .min(0, 'Maks antall deltakere kan ikke være negativt')
      .max(1000),
    instructors: z.array(idSchema).max(20),
    info: z.string().max(5000),
    published: z.boolean().nullable(),
  })
  .refine((c) => minutesOf(c.timeTo) > minutesOf(c.timeFrom), {
    message: 'Sluttid må være etter starttid',
    path: ['timeTo'],
  });
export type CourseInput = z.infer<typeof courseInputSchema>;

// ---- login and session (features/auth) ---------------------------------------------------------------------
/** GET /api/vipps/login?returnTo=/path: returnTo must be a relative path on this site; anything else becomes '/'. */
export const loginStartQuerySchema = z.object({ returnTo: z.string().optional() });
export const loginStartResponseSchema = z.object({ loginUrl: z.string().url() });

/** GET /api/vipps/token{search}: the query the login-return page received from Vipps, passed on unchanged. */
export const loginTokenQuerySchema = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(1024).optional(),
  scope: z.string().max(1024).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2000).optional(),
});
/**
 * The product's own session (Vipps tokens never reach the browser). Send `Authorization: Bearer <id_token>`;
 * `access_token` is an opaque value kept for the spec's shape and is not a credential.
 */
export const sessionTokenSchema = z.object({
  id_token: z.string(),
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  /** Seconds until the session ends (12 h at issue). */
  expires_in: z.number().int(),
  /** Where the login started (a relative path), '/' by default. */
  returnTo: z.string(),
});
export type SessionToken = z.infer<typeof sessionTokenSchema>;

/** Spec §3 User, as GET /api/users/me returns it. `phone` is MSISDN: country prefix first (4791234567). */
export const currentUserSchema = z.object({
  _id: idSchema,
  firstName: z.string(),
  lastName: z.string(),
  birthdate: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** Multi-line; the first line is the street. */
  address: z.string().nullable(),
  zipCode: z.string().nullable(),
  place: z.string().nullable(),
  roles: z.array(z.string()),
  lastLogin: isoDateTime.nullable(),
  registrationDate: isoDateTime,
  /** The profiles (families) the user is a guardian of; the first is the one they own, if any. */
  profileIds: z.array(idSchema),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** GET /api/config: what the web needs to know at run time. */
export const appConfigSchema = z.object({
  /** Vipps is the local simulator: show a 'testmodus' banner. */
  vippsTestMode: z.boolean(),
  appVersion: z.string(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

// ---- users / instructors ----------------------------------------------------------------------------------
export const instructorListItemSchema = z.object({ id: idSchema, name: z.string() });
export const instructorListSchema = z.array(instructorListItemSchema);

// ---- faqs -------------------------------------------------------------------------------------------------
export const faqSchema = z.object({ _id: idSchema, question: z.string(), answer: z.string() });
export type Faq = z.infer<typeof faqSchema>;
export const faqListSchema = z.array(faqSchema);
export const faqInputSchema = z.object({ question: trimmed(500), answer: trimmed(5000) });

// ---- terms ------------------------------------------------------------------------------------------------
export const termSchema = z.object({
  _id: idSchema,
  category: z.string(),
  text: z.string(),
  priority: z.number().int(),
});
export type Term = z.infer<typeof termSchema>;
export const termListSchema = z.array(termSchema);
export const termInputSchema = z.object({
  category: trimmed(200),
  text: trimmed(10_000),
  priority: z.number().int().min(-1_000_000).max(1_000_000).default(0),
});

// ---- contact ----------------------------------------------------------------------------------------------
export const contactInputSchema = z.object({
  name: trimmed(200),
  email: z.string().trim().max(254).email('Ugyldig e-postadresse'),
  message: trimmed(5000),
});
export type ContactInput = z.infer<typeof contactInputSchema>;
export const contactResponseSchema = z.object({ ok: z.literal(true) });

// ---- booking: orders and payments (features/booking) -------------------------------------------------------
/** The Vipps reference, also the paymentId in `/vipps/payment/{paymentId}`. */
export const PAYMENT_REFERENCE_PATTERN = /^[a-zA-Z0-9-]{8,50}$/;

/** POST /api/vipps/payment?at=…: `at` (the spec's token in the URL) is accepted and ignored; send Authorization. */
export const paymentStartQuerySchema = z.object({ at: z.string().max(8192).optional() });
export const paymentStartInputSchema = z.object({ userId: idSchema, childId: idSchema, courseId: idSchema });
export type PaymentStartInput = z.infer<typeof paymentStartInputSchema>;
/** Send the browser to redirectUrl (Vipps' landing page or app). */
export const paymentStartResponseSchema = z.object({ redirectUrl: z.string().url() });

export const paymentIdParamsSchema = z.object({
  paymentId: z.string().regex(PAYMENT_REFERENCE_PATTERN, 'Ugyldig betalings-id'),
});

/**
 * GET /api/vipps/payment/{paymentId}: the order as the server decided it from Vipps (webhooks + polling).
 * `state` is the order status upper-cased (CREATED, AUTHORIZED, CAPTURED, ABORTED, EXPIRED, TERMINATED,
 * CANCELLED, REFUNDED); `label` is the spec §4 text. The place is paid for and the child enrolled when
 * `enrolled` is true (state AUTHORIZED or CAPTURED: payments are captured right after authorisation).
 */
export const paymentStatusSchema = z.object({
  paymentId: z.string(),
  state: z.string(),
  status: z.enum(ORDER_STATUSES),
  label: z.string(),
  enrolled: z.boolean(),
  order: z.object({
    reference: z.string(),
    humanReference: z.string(),
    /** kr */
    amount: z.number(),
    createdAt: isoDateTime,
    course: z
      .object({
        _id: z.string(),
        name: z.string(),
        /** The venue's name. */
        place: z.string(),
        dates: z.array(isoDateTime),
        timeFrom: z.string(),
        timeTo: z.string(),
      })
      .nullable(),
    child: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
  }),
});
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/** POST /api/vipps/webhooks answers Vipps with this once the event is stored (or ignored). */
export const webhookAckSchema = z.object({ ok: z.literal(true) });

// ---- calendars --------------------------------------------------------------------------------------------
/** POST /api/calendars → text/calendar, Content-Disposition filename 'kurskalender {name} {first date}.ics'. */
export const calendarInputSchema = z.object({ userId: idSchema, courseId: idSchema });
export type CalendarInput = z.infer<typeof calendarInputSchema>;

// ---- profiles and children --------------------------------------------------------------------------------
export const profileParentSchema = z.object({
  _id: idSchema,
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});

/** A course a child takes part in, as the family sees it. */
export const childCourseSchema = z.object({
  _id: idSchema,
  name: z.string(),
  place: z.object({ _id: idSchema, name: z.string(), slug: z.string(), place: z.string() }),
  dates: z.array(isoDateTime),
  timeFrom: z.string(),
  timeTo: z.string(),
  experienceLevel: z.string(),
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
});
export type Profile = z.infer<typeof profileSchema>;
export const profileListSchema = z.array(profileSchema);

export const profilesQuerySchema = z.object({
  pop: z.string().optional(),
  /** A guardian's user id: that user's profiles (one's own, or anyone's for an admin). */
  pId: idSchema.optional(),
});

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

// ---- sent e-mail (admin) ----------------------------------------------------------------------------------
export const outboxMessageSchema = z.object({
  _id: idSchema,
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  /** pending, sent, failed, or kept (no SMTP configured: the message stays here) */
  status: z.string(),
  createdAt: isoDateTime,
  sentAt: isoDateTime.nullable(),
  attachments: z.array(z.object({ filename: z.string() })),
});
export const outboxListSchema = z.array(outboxMessageSchema);
export const outboxQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) });
