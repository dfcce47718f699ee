import { z } from '../zod';
import { LAST_LOGGED_IN_DEFAULT_LIMIT, ROLES, USER_SEARCH_CATEGORIES, USER_SEARCH_MIN_EXCLUSIVE } from '../constants';
import { idSchema } from '../ids';
import { idListSchema, isoDateTime, personFields, personName } from './common';

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
/** GET /users/by-registration-date: full ISO timestamps with milliseconds, else 400 'Invalid date format' (spec §5). */
export const registrationDateQuerySchema = z
  .object({ startDate: isoMillisSchema, endDate: isoMillisSchema })
  .refine((q) => q.startDate <= q.endDate, 'Invalid date format');
/** What the route reads (plain strings): the service applies registrationDateQuerySchema and answers its message. */
export const registrationDateRawQuerySchema = z.object({ startDate: z.string().optional(), endDate: z.string().optional() });
export const registeredParentSchema = z.object({
  ...personFields,
  email: z.string().nullable(),
  roles: z.array(z.string()),
  registrationDate: isoDateTime,
  /** Their own (first) profile, for 'Se profil'; null if they have none. */
  profileId: idSchema.nullable(),
});
export type RegisteredParent = z.infer<typeof registeredParentSchema>;
export const registeredChildSchema = z.object({
  ...personFields,
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

// ---- the back office's users (spec §7: latest logins, user search; admin only) ---------------------------------

export const lastLoggedInQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(LAST_LOGGED_IN_DEFAULT_LIMIT),
});

/** A user as the admin screens show them; `profile` is the profile to open (/profil/{profile}), if any. */
export const adminUserSchema = z.object({
  ...personFields,
  email: z.string().nullable(),
  phone: z.string().nullable(),
  roles: z.array(z.string()),
  lastLogin: isoDateTime.nullable(),
  registrationDate: isoDateTime,
  profile: idSchema.nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserListSchema = z.array(adminUserSchema);

/** The search text must be more than 2 characters, or '*' (everyone): 'Søk etter mer enn 2 tegn'. */
export const isSearchableText = (text: string): boolean => text.trim() === '*' || text.trim().length > USER_SEARCH_MIN_EXCLUSIVE;

export const userSearchQuerySchema = z.object({
  name: z.string().max(100).refine(isSearchableText, 'Søk etter mer enn 2 tegn'),
  categories: z
    .string()
    .max(100)
    .default(USER_SEARCH_CATEGORIES.join(','))
    .transform((value) => [...new Set(value.split(',').map((c) => c.trim()).filter(Boolean))])
    .pipe(z.array(z.enum(USER_SEARCH_CATEGORIES)).min(1, 'Velg minst én kategori')),
});

export const userSearchHitSchema = z.discriminatedUnion('type', [
  adminUserSchema.extend({ type: z.literal('parent') }),
  z.object({
    type: z.literal('child'),
    ...personFields,
    birthdate: z.string(),
    registrationDate: isoDateTime,
    profile: idSchema,
  }),
]);
export type UserSearchHit = z.infer<typeof userSearchHitSchema>;
/** `total` counts every hit; `users` lists at most USER_SEARCH_MAX_RESULTS of them. No hits at all is a 404. */
export const userSearchResultSchema = z.object({ total: z.number().int(), users: z.array(userSearchHitSchema) });
export type UserSearchResult = z.infer<typeof userSearchResultSchema>;

const name = personName(100, 'Alle feltene må fylles ut');

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
  ...personFields,
  birthdate: z.string().nullable(),
  roles: z.array(z.string()),
});
export type UpdatedPerson = z.infer<typeof updatedPersonSchema>;

export const deletedSchema = z.object({ ok: z.literal(true) });

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
