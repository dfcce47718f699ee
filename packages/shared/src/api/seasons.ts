import { z } from '../zod';
import { SEASON_NAME_MAX } from '../constants';
import { idSchema } from '../ids';
import { calendarDay, trimmed } from './common';

/** A season (decision 053): a name and its days ('YYYY-MM-DD', both included); seasons never overlap. */
export const seasonSchema = z.object({ _id: idSchema, name: z.string(), startsOn: z.string(), endsOn: z.string() });
export type Season = z.infer<typeof seasonSchema>;
export const seasonListSchema = z.array(seasonSchema);

/** POST /seasons and PATCH /seasons/{id} (the whole season: the form sends all three). */
export const seasonInputSchema = z
  .object({ name: trimmed(SEASON_NAME_MAX), startsOn: calendarDay, endsOn: calendarDay })
  // Both are 'YYYY-MM-DD', so the strings compare as the days do.
  .refine((v) => v.endsOn >= v.startsOn, { message: 'Sluttdatoen kan ikke være før startdatoen', path: ['endsOn'] });
export type SeasonInput = z.infer<typeof seasonInputSchema>;
