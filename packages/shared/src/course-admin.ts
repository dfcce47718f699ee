import { z } from './zod';
import { isoDateTime, personFields } from './api';
import { idSchema } from './ids';

/** Running the courses: participants (admin), the printable 'Kursliste' and attendance (instructor). */

// ---- participants (admin) ---------------------------------------------------------------------------------
/** POST /courses/:id/participants {id} (spec §7); `override`: the admin goes above the maximum, recorded. */
export const participantAddInputSchema = z.object({ id: idSchema, override: z.boolean().default(false) });

export const participantParamsSchema = z.object({ id: idSchema, userId: idSchema });
/** DELETE /courses/:id/participants/:userId?t=timestamp: the spec's cache-buster is accepted and ignored. */
export const participantRemoveQuerySchema = z.object({ t: z.string().max(50).optional() });

/** POST /courses/:id/participants/:userId/move {courseId}: from course :id to `courseId`, in one transaction. */
export const participantMoveInputSchema = z.object({ courseId: idSchema, override: z.boolean().default(false) });

export const okSchema = z.object({ ok: z.literal(true) });

/** At least this many characters before a name search runs (fewer would match almost every child). */
export const CHILD_SEARCH_MIN_CHARS = 3;
export const CHILD_SEARCH_MAX_RESULTS = 20;

/** GET /courses/:id/participants/candidates?name=&limit=: children to put on the course, by name (admin). */
export const participantCandidatesQuerySchema = z.object({
  name: z.string().trim().min(CHILD_SEARCH_MIN_CHARS, `Skriv minst ${CHILD_SEARCH_MIN_CHARS} tegn`).max(100, 'Maks 100 tegn'),
  limit: z.coerce.number().int().min(1).max(CHILD_SEARCH_MAX_RESULTS).default(10),
});
export type ParticipantCandidatesQuery = z.infer<typeof participantCandidatesQuerySchema>;

const participantCandidateSchema = z.object({
  ...personFields,
  birthdate: z.string().nullable(),
  /** The family's guardians, owner first: who the child is, for the admin picking among namesakes. */
  guardians: z.array(z.object({ firstName: z.string(), lastName: z.string() })),
  /** Already on this course. */
  onCourse: z.boolean(),
});
export type ParticipantCandidate = z.infer<typeof participantCandidateSchema>;
/** `total` counts every match; `children` lists at most `limit` of them, by name. */
export const participantCandidatesSchema = z.object({ total: z.number().int(), children: z.array(participantCandidateSchema) });
export type ParticipantCandidates = z.infer<typeof participantCandidatesSchema>;

// ---- the participants list (admin, the course's instructors) ------------------------------------------------
const participantGuardianSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  /** MSISDN, country prefix first (4791234567); the list shows it with a + prefix. */
  phone: z.string().nullable(),
  email: z.string().nullable(),
});

const courseParticipantSchema = z.object({
  ...personFields,
  birthdate: z.string().nullable(),
  /** Admins only (the link to /profil/{profileId}); null for instructors. */
  profileId: idSchema.nullable(),
  guardians: z.array(participantGuardianSchema),
  /** Put on the course above its maximum by an admin's explicit override. */
  capacityOverride: z.boolean(),
  /** The child has a health note: the list shows a mark that opens it (each read logged); never the text here. */
  hasHealthNote: z.boolean(),
  /** False: 'Ikke foto' (the default until a guardian says yes). */
  photoConsent: z.boolean(),
  /** Emergency contact, MSISDN phone (tap to call). */
  emergencyContact: z.object({ name: z.string(), phone: z.string() }).nullable(),
});
export type CourseParticipant = z.infer<typeof courseParticipantSchema>;

const attendanceMarkSchema = z.object({
  childId: idSchema,
  /** One of the course's dates, as the course lists it. */
  date: isoDateTime,
  present: z.boolean(),
});
export type AttendanceMark = z.infer<typeof attendanceMarkSchema>;

/** GET /courses/:id/participants: the children sorted by first name, with their guardians and the marks so far. */
export const courseParticipantsSchema = z.object({
  course: z.object({
    _id: idSchema,
    name: z.string(),
    placeName: z.string(),
    town: z.string(),
    experienceLevel: z.string(),
    participantsAge: z.string(),
    timeFrom: z.string(),
    timeTo: z.string(),
    dates: z.array(isoDateTime),
    maximumParticipants: z.number().int(),
    instructors: z.array(z.object({ _id: idSchema, firstName: z.string(), lastName: z.string() })),
  }),
  participants: z.array(courseParticipantSchema),
  attendance: z.array(attendanceMarkSchema),
});
export type CourseParticipants = z.infer<typeof courseParticipantsSchema>;

// ---- attendance (the course's instructors, admin) -------------------------------------------------------------
/** POST /courses/:id/attendance: queued marks, idempotent per (child, date); the later `markedAt` (tap time) wins. */
export const attendanceInputSchema = z.object({
  marks: z
    .array(attendanceMarkSchema.extend({ markedAt: isoDateTime }))
    .min(1)
    .max(500),
});
export type AttendanceInput = z.infer<typeof attendanceInputSchema>;
export const attendanceResponseSchema = z.object({ marks: z.array(attendanceMarkSchema) });
