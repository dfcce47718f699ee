import { z } from '../zod';
import { INVITE_STATUSES, ORDER_STATUSES, ROLES } from '../constants';
import { idSchema } from '../ids';
import { idListSchema } from './common';

/**
 * The family profile's calls (spec §7 `/users/{id}`, `/profiles/{id}`, `/invites*`, `/users/courses`): updating and
 * deleting children and users, guardians, invites, course history and one's own data.
 */

const isoDateTime = z.string().datetime({ offset: true });
const name = z.string().trim().min(1, 'Alle feltene må fylles ut').max(100);

/** A calendar date (YYYY-MM-DD) that exists and is not in the future. A child's age range is checked by the server. */
export const pastDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Fødselsdato må ha formen ÅÅÅÅ-MM-DD')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return false;
    return date.getUTCFullYear() >= 1900 && date.getTime() <= Date.now() + 24 * 3600 * 1000;
  }, 'Fødselsdatoen må være en gyldig dato, ikke i fremtiden');

// ---- PATCH /users/{id}, DELETE /users/{id} ------------------------------------------------------------------------
/** Spec §7: `{_id, firstName?, lastName?, birthdate?}` (a child, or one's own user) … */
export const updatePersonInputSchema = z
  .object({ _id: idSchema.optional(), firstName: name.optional(), lastName: name.optional(), birthdate: pastDateSchema.optional() })
  .strict()
  .refine((v) => v.firstName !== undefined || v.lastName !== undefined || v.birthdate !== undefined, 'Ingenting å endre');
/** … or `{roles}` (admin only). */
export const updateRolesInputSchema = z.object({ roles: z.array(z.enum(ROLES)).max(ROLES.length) }).strict();
export const updateUserInputSchema = z.union([updateRolesInputSchema, updatePersonInputSchema]);
export type UpdateUserInput = z.infer<typeof updateUserInputSchema>;
export type UpdatePersonInput = z.infer<typeof updatePersonInputSchema>;

/** The person after an update: a child (roles ['child']) or a user. */
export const updatedPersonSchema = z.object({
  _id: idSchema,
  firstName: z.string(),
  lastName: z.string(),
  birthdate: z.string().nullable(),
  roles: z.array(z.string()),
});
export type UpdatedPerson = z.infer<typeof updatedPersonSchema>;

export const deletedSchema = z.object({ ok: z.literal(true) });

// ---- PATCH /profiles/{id} -----------------------------------------------------------------------------------------
/** The profile's guardians after the change, in order; the first (the owner) stays first. Only removal is possible. */
export const updateProfileInputSchema = z.object({ parents: z.array(idSchema).min(1).max(50) }).strict();

/**
 * GET /profiles/{id}/overview: what the profile page shows beside the profile itself. `instructorCourses` when the
 * owner is an instructor (their courses from now on); `admin` only for admins.
 */
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

// ---- invites ------------------------------------------------------------------------------------------------------
/** Spec §5: a simple address pattern. */
export const INVITE_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const inviteInputSchema = z.object({
  profileId: idSchema,
  email: z
    .string()
    .trim()
    .min(1, 'Vennligst skriv inn en e-postadresse.')
    .max(254, 'Vennligst skriv inn en gyldig e-postadresse.')
    .regex(INVITE_EMAIL_PATTERN, 'Vennligst skriv inn en gyldig e-postadresse.'),
});
export type InviteInput = z.infer<typeof inviteInputSchema>;

/** The secret of an invite link: 32 random bytes, base64url (the part after '#' in the e-mailed link). */
export const inviteSecretSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Lenken er ikke gyldig');

/**
 * PATCH /invites/{id}: the invitee answers. Accepting needs the link's secret (decision in open-issues-decisions:
 * link + Vipps login + a verified matching address or the owner's confirmation); rejecting needs the secret or the
 * verified address the invite was sent to.
 */
export const inviteAnswerSchema = z.object({ status: z.enum(['accepted', 'rejected']), secret: inviteSecretSchema.optional() }).strict();
export type InviteAnswerInput = z.infer<typeof inviteAnswerSchema>;

/** What answering did: joined the family (`profileId`), or waits for the owner's confirmation. */
export const inviteAnswerResultSchema = z.object({
  _id: idSchema,
  status: z.enum(INVITE_STATUSES),
  profileId: idSchema.nullable(),
  awaitingOwner: z.boolean(),
});
export type InviteAnswerResult = z.infer<typeof inviteAnswerResultSchema>;

const personName = z.object({ firstName: z.string(), lastName: z.string() });

export const inviteSchema = z.object({
  _id: idSchema,
  profile: z.object({
    _id: idSchema,
    children: z.array(z.object({ _id: idSchema, firstName: z.string(), lastName: z.string() })),
  }),
  email: z.string(),
  status: z.enum(INVITE_STATUSES),
  inviter: personName.nullable(),
  createdAt: isoDateTime,
  /** The link stops working then (default 14 days after sending). */
  expiresAt: isoDateTime,
  /** Opened the link and tapped 'Godta' without a verified matching address: the owner confirms or deletes. */
  claimedBy: personName.extend({ phone: z.string().nullable() }).nullable(),
  /** Who joined the family through it (the owner may undo that). */
  acceptedBy: personName.nullable(),
  answeredAt: isoDateTime.nullable(),
});
export type Invite = z.infer<typeof inviteSchema>;
export const inviteListSchema = z.array(inviteSchema);

/** POST /invites/link {secret}: the invite behind an e-mailed link, as its recipient sees it before answering. */
export const inviteLinkInputSchema = z.object({ secret: inviteSecretSchema }).strict();
export const inviteLinkSchema = z.object({
  _id: idSchema,
  status: z.enum(INVITE_STATUSES),
  inviter: personName.nullable(),
  /** The children's first names; only for a viewer whose verified address the invite was sent to. */
  children: z.array(z.string()),
  expiresAt: isoDateTime,
  /** 'direct': the viewer's verified address matches and 'Godta' joins; 'owner': the owner must confirm. */
  join: z.enum(['direct', 'owner']),
  /** The viewer has already tapped 'Godta' and waits for the owner. */
  claimedByYou: z.boolean(),
  /** Set when the viewer is a guardian of the family (e.g. accepted before). */
  profileId: idSchema.nullable(),
});
export type InviteLink = z.infer<typeof inviteLinkSchema>;

// ---- GET /users/courses: course history ---------------------------------------------------------------------------

export const courseHistoryQuerySchema = z.object({
  /** Child ids, comma separated. */
  cIds: idListSchema,
  /** The moment the statuses are computed for (epoch ms); default now. */
  t: z.coerce.number().int().min(0).max(8_640_000_000_000).optional(),
});

/** Spec §4: before the first date, between first and last, on/after the last date. */
export const COURSE_STATUSES = ['registered', 'ongoing', 'finished'] as const;
export type CourseStatus = (typeof COURSE_STATUSES)[number];
export const COURSE_STATUS_LABELS: Record<CourseStatus, string> = {
  registered: 'Påmeldt',
  ongoing: 'Pågår',
  finished: 'Fullført',
};

export const historyCourseSchema = z.object({
  _id: idSchema,
  name: z.string(),
  place: z.object({ _id: idSchema, name: z.string(), place: z.string() }),
  dates: z.array(isoDateTime),
  timeFrom: z.string(),
  timeTo: z.string(),
  experienceLevel: z.string(),
  participantsAge: z.string(),
  maximumParticipants: z.number().int(),
  freePlaces: z.number().int(),
  status: z.enum(COURSE_STATUSES),
});
export const courseHistoryItemSchema = z.object({
  user: z.object({ _id: idSchema, firstName: z.string(), lastName: z.string(), birthdate: z.string() }),
  courses: z.array(historyCourseSchema),
});
export type CourseHistoryItem = z.infer<typeof courseHistoryItemSchema>;
export const courseHistorySchema = z.array(courseHistoryItemSchema);

// ---- GET /users/me/data: own data (personopplysningsloven, GDPR art. 15 and 20) ---------------------------------
export const ownDataSchema = z.object({
  exportedAt: isoDateTime,
  user: z.record(z.string(), z.unknown()),
  profiles: z.array(z.record(z.string(), z.unknown())),
  orders: z.array(z.record(z.string(), z.unknown())),
  invites: z.object({ sent: z.array(z.record(z.string(), z.unknown())), received: z.array(z.record(z.string(), z.unknown())) }),
  instructorCourses: z.array(z.record(z.string(), z.unknown())),
});
export type OwnData = z.infer<typeof ownDataSchema>;
