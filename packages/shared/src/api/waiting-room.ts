/** Enrolment night's waiting room (decision 041): a line per opening, admitted at a rate the site can serve. */
import { z } from '../zod';
import { idSchema } from '../ids';
import { isoDateTime } from './common';

export const QUEUE_STATES = ['none', 'countdown', 'waiting', 'admitted', 'expired', 'left', 'full', 'open'] as const;

/** POST /queue/courses/:id/ticket: join the line of the opening that governs this course for the family (body {}). */
export const waitingRoomJoinInputSchema = z.object({}).strict();

/** The family's place in the line (the ticket, the position and leave routes answer it). */
export const waitingRoomPositionSchema = z.object({
  /** countdown: before the opening (the random group); expired: join again at the back; open: no line, book directly. */
  state: z.enum(QUEUE_STATES),
  opensAt: isoDateTime.nullable(),
  /** 1-based place in line while waiting; null otherwise (also while the draw at the opening moment is made). */
  position: z.number().int().min(1).nullable(),
  /** Seconds, from the admission rate; null when unknown. */
  estimatedWaitSeconds: z.number().int().min(0).nullable(),
  admittedUntil: isoDateTime.nullable(),
  /** The course the family picked when joining: its waitlist is offered when the line ends. */
  courseId: idSchema.nullable(),
  /** When to ask again, in ms (the server sets the pace). */
  retryAfterMs: z.number().int().min(0),
  /** The server's clock, for the countdown. */
  now: isoDateTime,
});
export type WaitingRoomPosition = z.infer<typeof waitingRoomPositionSchema>;

/** PUT /queue/openings: set (or clear) the opening time of one course, several, or a season's courses. */
export const setOpeningInputSchema = z
  .object({
    /** null: no opening time (booking as before). */
    opensAt: isoDateTime.nullable(),
    /** Picked courses; or, without them, the season: courses with a first date in [from, to] (at a venue). */
    courseIds: z.array(idSchema).min(1).max(500).optional(),
    from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
    to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
    placeId: idSchema.optional(),
  })
  .strict()
  .refine((v) => !!v.courseIds || (!!v.from && !!v.to), { message: 'Velg kurs, eller en periode (fra og til)', path: ['from'] })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: 'Fra-datoen må være før til-datoen', path: ['to'] });
export type SetOpeningInput = z.infer<typeof setOpeningInputSchema>;
export const setOpeningResultSchema = z.object({ updated: z.number().int(), courseIds: z.array(idSchema) });

/** PUT /queue/openings/:opensAt/rate: the admission rate of one opening, set live. */
export const openingParamsSchema = z.object({ opensAt: isoDateTime });
export const setRateInputSchema = z.object({ admitPerMinute: z.number().int().min(1).max(100_000) }).strict();

/** GET /queue/live: the night as the admin sees it, per opening (the running ones and the next ones). */
export const waitingRoomLiveSchema = z.object({
  now: isoDateTime,
  openings: z.array(
    z.object({
      opensAt: isoDateTime,
      state: z.enum(['upcoming', 'running', 'ended', 'done']),
      /** Families waiting (not admitted, not left). */
      waiting: z.number().int(),
      /** Admitted and still inside their window without having started a payment. */
      admittedActive: z.number().int(),
      admittedTotal: z.number().int(),
      admitPerMinute: z.number().int(),
      maxActive: z.number().int(),
      paymentsInProgress: z.number().int(),
      courses: z.array(z.object({ _id: idSchema, name: z.string(), placeName: z.string(), freePlaces: z.number().int(), maximumParticipants: z.number().int() })),
    }),
  ),
});
export type WaitingRoomLive = z.infer<typeof waitingRoomLiveSchema>;
