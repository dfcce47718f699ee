import { osloDateKey, type Season } from '@app/shared';
import type { DbOrTx } from '../../db/client';
import * as seasons from '../../repos/seasons.repo';

/** The shared shape of a season row. */
export const toSeason = (r: seasons.SeasonRow): Season => ({ _id: r.id, name: r.name, startsOn: r.startsOn, endsOn: r.endsOn });

/** The season that contains `date`, or null (decision 053): a 'YYYY-MM-DD' day as it is, a moment by its Oslo day. */
export async function seasonOn(db: DbOrTx, date: Date | string): Promise<Season | null> {
  const day = typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : osloDateKey(date);
  if (!day) return null;
  const row = await seasons.seasonContaining(db, day);
  return row ? toSeason(row) : null;
}
