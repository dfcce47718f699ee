import { z } from 'zod';
import { EXPERIENCE_LEVELS, FAQ_QUESTION_MAX, ORDER_STATUSES, RICH_TEXT_MAX } from './constants';
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
  courseCount: z.number().int(),
});
export type Place = z.infer<typeof placeSchema>;
export const placeListSchema = z.array(placeSchema);

export const placeInputSchema = z.object({
  name: trimmed(100),
  address: trimmed(200),
  zipCode: z.string().regex(/^\d{4}$/, 'Postnummer må være fire siffer'),
  place: trimmed(100),
  info: z.string().max(5000).default(''),
  published: z.boolean().default(true),
});

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

// ---- faqs -------------------------------------------------------------------------------------------------
/** `answer` is rich text: HTML the server has sanitised (paragraphs, lists, links with http(s)/mailto only). */
export const faqSchema = z.object({ _id: idSchema, question: z.string(), answer: z.string() });
export type Faq = z.infer<typeof faqSchema>;
export const faqListSchema = z.array(faqSchema);
/** POST /faqs. The answer may hold HTML; the server keeps only the allowed tags (see RICH_TEXT_TAGS). */
export const faqInputSchema = z.object({
  question: trimmed(FAQ_QUESTION_MAX),
  answer: trimmed(RICH_TEXT_MAX),
});
export type FaqInput = z.infer<typeof faqInputSchema>;
/** PATCH /faqs/{id}: either field, or both. */
export const faqPatchSchema = faqInputSchema
  .partial()
  .refine((v) => v.question !== undefined || v.answer !== undefined, 'Nothing to change');
export type FaqPatch = z.infer<typeof faqPatchSchema>;
/** PUT /faqs/order: ids in the new order, each once; FAQs not named (added meanwhile) follow in their old order. */
export const faqOrderSchema = z.object({
  ids: z
    .array(idSchema)
    .min(1)
    .max(1000)
    .refine((ids) => new Set(ids).size === ids.length, 'Each id once'),
});
export type FaqOrder = z.infer<typeof faqOrderSchema>;

// ---- terms ------------------------------------------------------------------------------------------------
/** `text` is rich text like an FAQ answer. */
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
  text: trimmed(RICH_TEXT_MAX),
  priority: z.number().int().min(-1_000_000).max(1_000_000).default(0),
});
export type TermInput = z.input<typeof termInputSchema>;
export const termPatchSchema = z
  .object({
    category: trimmed(200),
    text: trimmed(RICH_TEXT_MAX),
    priority: z.number().int().min(-1_000_000).max(1_000_000),
  })
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Nothing to change');
export type TermPatch = z.infer<typeof termPatchSchema>;

/**
 * Every change to the terms makes a new version: a snapshot of all terms after the change. An order records the
 * version that was in force when the parent accepted it (by starting the payment).
 */
export const termVersionSummarySchema = z.object({
  version: z.number().int(),
  createdAt: isoDateTime,
  change: z.enum(['created', 'updated', 'deleted', 'initial']),
  /** The term the change was about (null for the initial snapshot). */
  termId: idSchema.nullable(),
  /** Who made the change ('Fornavn Etternavn'), null when unknown or deleted. */
  changedBy: z.string().nullable(),
});
export type TermVersionSummary = z.infer<typeof termVersionSummarySchema>;
export const termVersionListSchema = z.array(termVersionSummarySchema);
export const termVersionSchema = termVersionSummarySchema.extend({ terms: termListSchema });
export type TermVersion = z.infer<typeof termVersionSchema>;
export const termVersionParamsSchema = z.object({ version: z.coerce.number().int().min(1).max(2_147_483_647) });

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
    /** The version of the terms the parent accepted when starting the payment; null for orders from before. */
    termsVersion: z.number().int().nullable(),
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
