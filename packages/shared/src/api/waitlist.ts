/** The waitlist (decision 016): a visible position, a timed offer when a place frees up, returning swimmers first. */
import { z } from '../zod';
import { idSchema } from '../ids';
import { isoDateTime } from './common';

export const WAITLIST_STATUSES = ['waiting', 'offered'] as const;

const personName = z.object({ _id: idSchema, firstName: z.string(), lastName: z.string() });

/** POST /courses/:id/waitlist: put one of the caller's children on the course's waitlist. */
export const joinWaitlistInputSchema = z.object({ childId: idSchema });
export type JoinWaitlistInput = z.infer<typeof joinWaitlistInputSchema>;

/** One of the family's open entries (/profil and the course rows). */
export const myWaitlistEntrySchema = z.object({
  _id: idSchema,
  status: z.enum(WAITLIST_STATUSES),
  /** 1-based among the children still waiting; 0 while the child holds an offer. */
  position: z.number().int().min(0),
  /** Until when the offered place is held (offers only). */
  offerExpiresAt: isoDateTime.nullable(),
  child: personName,
  course: z.object({
    _id: idSchema,
    name: z.string(),
    /** The one name a parent reads (courseDisplayName, walk-through 8). */
    displayName: z.string(),
    placeName: z.string(),
    firstDate: isoDateTime.nullable(),
    timeFrom: z.string(),
    timeTo: z.string(),
    /** kr: what a booking made now costs */
    price: z.number(),
  }),
  createdAt: isoDateTime,
  /** Until when the child's family cannot start a payment (issue 36, the cool-down), else null. */
  paymentPausedUntil: isoDateTime.nullable().optional(),
});
export type MyWaitlistEntry = z.infer<typeof myWaitlistEntrySchema>;
export const myWaitlistSchema = z.array(myWaitlistEntrySchema);

/** The admin's view of one course's list, in order. */
export const adminWaitlistEntrySchema = z.object({
  _id: idSchema,
  status: z.enum(WAITLIST_STATUSES),
  position: z.number().int().min(0),
  offerExpiresAt: isoDateTime.nullable(),
  offeredAt: isoDateTime.nullable(),
  /** Sent by hand by an admin (not the automatic chain). */
  offeredByAdmin: z.boolean(),
  child: personName,
  profileId: idSchema,
  guardian: z.object({ firstName: z.string(), lastName: z.string(), email: z.string().nullable(), phone: z.string().nullable() }).nullable(),
  createdAt: isoDateTime,
  /** Place hoarding (issue 36): the family's payment holds and waitlist offers that ran out unpaid, last 30 days. */
  familyLapses: z.number().int().min(0).optional(),
});
export type AdminWaitlistEntry = z.infer<typeof adminWaitlistEntrySchema>;

export const courseWaitlistSchema = z.object({
  course: z.object({
    _id: idSchema,
    name: z.string(),
    placeName: z.string(),
    firstDate: isoDateTime.nullable(),
    maximumParticipants: z.number().int(),
    participantsCount: z.number().int(),
    waitlistClosed: z.boolean(),
  }),
  entries: z.array(adminWaitlistEntrySchema),
});
export type CourseWaitlist = z.infer<typeof courseWaitlistSchema>;

/** GET /waitlist: the admin dashboard's count of waiting children per course. */
export const waitlistOverviewSchema = z.array(
  z.object({
    courseId: idSchema,
    name: z.string(),
    placeName: z.string(),
    firstDate: isoDateTime.nullable(),
    waiting: z.number().int(),
    offered: z.number().int(),
    waitlistClosed: z.boolean(),
  }),
);
export type WaitlistOverview = z.infer<typeof waitlistOverviewSchema>;

/** PUT /courses/:id/waitlist: close (or reopen) the course's waitlist. */
export const waitlistSettingsInputSchema = z.object({ closed: z.boolean() });
export type WaitlistSettingsInput = z.infer<typeof waitlistSettingsInputSchema>;

/** PUT /courses/:id/priority: these courses' children may book for `days` days before everyone; [] removes it. */
export const coursePriorityInputSchema = z.object({
  previousCourseIds: z.array(idSchema).max(20),
  days: z.number().int().min(1).max(60),
});
export type CoursePriorityInput = z.infer<typeof coursePriorityInputSchema>;
export const coursePrioritySchema = z.object({
  previousCourseIds: z.array(idSchema),
  openToAllAt: isoDateTime.nullable(),
});
export type CoursePriority = z.infer<typeof coursePrioritySchema>;
/** GET /courses/:id/priority (admin): the marks as they stand, and the window length the form starts from. */
export const coursePrioritySettingsSchema = coursePrioritySchema.extend({
  /** The server's WAITLIST_PRIORITY_DAYS: the default window, in days. */
  defaultDays: z.number().int().min(1).max(60),
});
export type CoursePrioritySettings = z.infer<typeof coursePrioritySettingsSchema>;
