import { z } from '../zod';
import { idSchema } from '../ids';
import { isoDateTime, oreAmount } from './common';

/** Issue 38: a cancelled course date ('Avlyst'), the families' choices, credit and the calendar feed. */

const reason = z.string().trim().min(1, 'Skriv en grunn familiene ser').max(500, 'Grunnen kan være høyst 500 tegn');

/** `preview: true`: what the closure would cancel and how many families it would tell; nothing is written (issue 53). */
const preview = z.boolean().optional();

/** POST /courses/:id/cancelled-dates: one date of a course. */
export const cancelDateInputSchema = z.object({ date: isoDateTime, reason, preview });
export type CancelDateInput = z.infer<typeof cancelDateInputSchema>;

/** POST /places/:id/closures: 'Bassenget er stengt' on an Oslo day, every course there. */
export const placeClosureInputSchema = z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Velg en dato'), reason, preview });
export type PlaceClosureInput = z.infer<typeof placeClosureInputSchema>;

export const cancelledDateSchema = z.object({ _id: idSchema, courseId: idSchema, date: isoDateTime, reason: z.string(), placeClosure: z.boolean() });
/** The answer to a closure (a preview has empty `_id`s): the dates, the families to tell, and `announceAt` ('Angre'). */
export const cancelledDatesSchema = z.object({
  cancelled: z.array(cancelledDateSchema.extend({ _id: z.string(), courseName: z.string() })),
  families: z.number().int(),
  announceAt: isoDateTime,
  preview: z.boolean(),
});
export type CancelledDates = z.infer<typeof cancelledDatesSchema>;

/** GET /cancelled-dates: the admin's overview of coming cancelled dates, newest first, with the families' choices so far. */
export const closureOverviewItemSchema = z.object({
  _id: idSchema,
  courseId: idSchema,
  /** The course's display name (courseDisplayName: level, age, weekday and time; walk-through 8). */
  courseName: z.string(),
  placeName: z.string(),
  date: isoDateTime,
  reason: z.string(),
  placeClosure: z.boolean(),
  announceAt: isoDateTime,
  /** Null: not told yet ('Angre' and 'Send e-post nå' are offered). */
  announcedAt: isoDateTime.nullable(),
  choices: z.object({ makeup: z.number().int(), refund: z.number().int(), credit: z.number().int(), open: z.number().int() }),
});
export type ClosureOverviewItem = z.infer<typeof closureOverviewItemSchema>;
export const closureOverviewSchema = z.array(closureOverviewItemSchema);

export const dateChoiceKindSchema = z.enum(['makeup', 'refund', 'credit']);
export type DateChoiceKind = z.infer<typeof dateChoiceKindSchema>;
/** A settled choice, or 'closed': the place was cancelled while the choice was open (nothing more is given for the date). */
export const dateChoiceStateSchema = z.enum(['makeup', 'refund', 'credit', 'closed']);

/** A make-up date; `courseName` is the course's display name (courseDisplayName, walk-through 8). */
export const makeupOptionSchema = z.object({ courseId: idSchema, courseName: z.string(), placeName: z.string(), date: isoDateTime, timeFrom: z.string(), timeTo: z.string(), freePlaces: z.number().int() });
export type MakeupOption = z.infer<typeof makeupOptionSchema>;

/** One child's open or settled choice for one cancelled date. */
export const dateChoiceSchema = z.object({
  _id: idSchema,
  child: z.object({ _id: idSchema, firstName: z.string(), lastName: z.string() }),
  /** `displayName`: the one name a parent reads (courseDisplayName, walk-through 8); `name` is the stored, shared one. */
  course: z.object({ _id: idSchema, name: z.string(), displayName: z.string() }),
  date: isoDateTime,
  reason: z.string(),
  shareAmount: oreAmount,
  deadline: isoDateTime,
  /** What the family gets when it has not chosen by the deadline (the school's setting). */
  defaultChoice: z.enum(['credit', 'refund']),
  choice: dateChoiceStateSchema.nullable(),
  chosenBy: z.enum(['family', 'default']).nullable(),
  makeup: z.object({ courseId: idSchema, date: isoDateTime }).nullable(),
  /** The token a make-up choice gave (decision 061): 'Finn erstatningstime' spends it; null before, or for an old choice. */
  makeupTokenId: idSchema.nullable(),
  options: z.array(makeupOptionSchema),
});
export type DateChoice = z.infer<typeof dateChoiceSchema>;
export const dateChoicesSchema = z.array(dateChoiceSchema);

export const chooseInputSchema = z.discriminatedUnion('choice', [
  /** A make-up gives the child a token (decision 061); with a course and a date it is spent on that date at once. */
  z.object({ choice: z.literal('makeup'), courseId: idSchema.optional(), date: isoDateTime.optional() }),
  z.object({ choice: z.literal('refund') }),
  z.object({ choice: z.literal('credit') }),
]);
export type ChooseInput = z.infer<typeof chooseInputSchema>;

/** The e-mail's one-tap link: the secret travels in the body (never a URL the server logs). */
export const choiceSecretSchema = z.object({ secret: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Ugyldig lenke') });
export const chooseBySecretInputSchema = z.intersection(choiceSecretSchema, chooseInputSchema);

/** Make-up children on a course, per date, and its cancelled dates: the instructor's list and attendance. */
export const courseChangesSchema = z.object({
  cancelled: z.array(cancelledDateSchema),
  makeups: z.array(z.object({ childId: idSchema, firstName: z.string(), lastName: z.string(), date: isoDateTime })),
  choices: z.array(z.object({ childId: idSchema, firstName: z.string(), lastName: z.string(), date: isoDateTime, choice: dateChoiceStateSchema.nullable(), chosenBy: z.enum(['family', 'default']).nullable() })),
  /** Children reported absent ('Meldt fravær', decision 061), date by date. */
  absences: z.array(z.object({ childId: idSchema, firstName: z.string(), lastName: z.string(), date: isoDateTime })),
  /** The head count of each date with an absence or a make-up: participants, less the absent, plus the make-up children. */
  headcounts: z.array(z.object({ date: isoDateTime, count: z.number().int() })),
});
export type CourseChanges = z.infer<typeof courseChangesSchema>;

export const familyCreditSchema = z.object({
  balance: oreAmount,
  entries: z.array(z.object({ _id: idSchema, amount: oreAmount, reason: z.string(), orderId: idSchema.nullable(), expiresAt: isoDateTime.nullable(), usedBy: idSchema.nullable(), createdAt: isoDateTime })),
});
export type FamilyCredit = z.infer<typeof familyCreditSchema>;

/** The family's calendar address (webcal); only shown right after it is made (the server keeps its hash). */
export const calendarFeedSchema = z.object({ url: z.string(), webcalUrl: z.string() });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** GET/PUT /users/me/reminders: the guardian's 'i morgen' e-mails on or off. */
export const reminderSettingSchema = z.object({ off: z.boolean() });
export type ReminderSetting = z.infer<typeof reminderSettingSchema>;
