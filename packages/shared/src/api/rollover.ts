import { z } from '../zod';
import { idSchema } from '../ids';
import { isoDateTime } from './common';

/** 'Behold plassen' (decision 060): the admin's rollover of ending courses into the next season, and the families' offers. */

export const ROLLOVER_OFFER_STATES = ['offered', 'accepted', 'declined', 'expired'] as const;
export type RolloverOfferState = (typeof ROLLOVER_OFFER_STATES)[number];

const courseBrief = z.object({
  _id: idSchema,
  displayName: z.string(),
  placeName: z.string(),
  firstDate: isoDateTime.nullable(),
  lastDate: isoDateTime.nullable(),
  levelId: idSchema.nullable(),
});
export type RolloverCourse = z.infer<typeof courseBrief>;

/** GET /rollovers/plan?seasonId: the courses that end before the season, each with a suggested next course. */
export const rolloverPlanQuerySchema = z.object({ seasonId: idSchema });
export const rolloverPlanSchema = z.object({
  fromSeasonId: idSchema.nullable(),
  defaultReplyBy: isoDateTime,
  ending: z.array(courseBrief.extend({ children: z.number().int(), recommendedLevelId: idSchema.nullable(), suggestedId: idSchema.nullable() })),
  next: z.array(courseBrief.extend({ opensAt: isoDateTime.nullable(), free: z.number().int() })),
});
export type RolloverPlan = z.infer<typeof rolloverPlanSchema>;

/** POST /rollovers: which course continues which, and the reply-by date. */
export const rolloverInputSchema = z.object({
  seasonId: idSchema,
  replyBy: isoDateTime,
  mappings: z
    .array(z.object({ fromCourseId: idSchema, toCourseId: idSchema }))
    .min(1, 'Velg minst ett kurs som fortsetter.')
    .max(200),
});
export type RolloverInput = z.infer<typeof rolloverInputSchema>;

const offerRow = z.object({
  _id: idSchema,
  state: z.enum(ROLLOVER_OFFER_STATES),
  replyBy: isoDateTime,
  child: z.object({ _id: idSchema, firstName: z.string(), lastName: z.string() }),
  fromCourse: z.string(),
  toCourse: z.string(),
});

/** GET /rollovers (admin): each rollover live, with its counts and offers. */
export const rolloverSchema = z.object({
  _id: idSchema,
  replyBy: isoDateTime,
  createdAt: isoDateTime,
  counts: z.object({ offered: z.number(), accepted: z.number(), declined: z.number(), expired: z.number(), released: z.number() }),
  offers: z.array(offerRow),
});
export type Rollover = z.infer<typeof rolloverSchema>;
export const rolloverListSchema = z.array(rolloverSchema);
/** POST /rollovers' answer; `notOffered`: children on an ending course who got no offer (no free place left). */
export const rolloverCreatedSchema = z.object({ rollover: rolloverSchema, notOffered: z.number().int() });

/** GET /rollover-offers/mine: the family's open offers, with the course, its price and dates, and other courses at its level. */
export const myRolloverOfferSchema = z.object({
  _id: idSchema,
  replyBy: isoDateTime,
  child: z.object({ _id: idSchema, firstName: z.string(), lastName: z.string() }),
  course: courseBrief.extend({ price: z.number(), dates: z.array(isoDateTime), timeFrom: z.string(), timeTo: z.string(), placeSlug: z.string() }),
  /** Courses at the same level with free places ('Velg et annet kurs'). */
  others: z.array(courseBrief.extend({ placeSlug: z.string() })),
});
export type MyRolloverOffer = z.infer<typeof myRolloverOfferSchema>;
export const myRolloverOffersSchema = z.array(myRolloverOfferSchema);
