import type { Season, SeasonInput } from '@app/shared';
import { requireAccess, requireAllowed } from '../../access/access';
import type { ServiceContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { toSeason } from '../../domain/seasons/season-on';
import { AppError } from '../../lib/app-error';
import * as seasons from '../../repos/seasons.repo';

/** Oldest first (decision 053). */
export async function listSeasons(ctx: ServiceContext): Promise<Season[]> {
  requireAllowed(ctx, 'seasons.manage');
  return (await seasons.listSeasons(ctx.db)).map(toSeason);
}

/** Refuses a range that shares a day with another season; asked under the table lock, so two admins cannot race past it. */
async function refuseOverlap(tx: DbOrTx, input: SeasonInput, exceptId?: string): Promise<void> {
  await seasons.lockSeasons(tx);
  const other = await seasons.findOverlapping(tx, input, exceptId);
  if (other) {
    throw new AppError('SEASON_OVERLAP', 'The season overlaps another', { name: other.name, startsOn: other.startsOn, endsOn: other.endsOn });
  }
}

export async function createSeason(ctx: ServiceContext, input: SeasonInput): Promise<Season> {
  requireAllowed(ctx, 'seasons.manage');
  return ctx.db.transaction(async (tx) => {
    await refuseOverlap(tx, input);
    return toSeason(await seasons.insertSeason(tx, input));
  });
}

export async function updateSeason(ctx: ServiceContext, id: string, input: SeasonInput): Promise<Season> {
  await requireAccess(ctx, 'season.write', id);
  return ctx.db.transaction(async (tx) => {
    await refuseOverlap(tx, input, id);
    const row = await seasons.updateSeason(tx, id, input);
    if (!row) throw new AppError('NOT_FOUND', 'No such season');
    return toSeason(row);
  });
}

export async function deleteSeason(ctx: ServiceContext, id: string): Promise<void> {
  await requireAccess(ctx, 'season.write', id);
  if (!(await seasons.deleteSeason(ctx.db, id))) throw new AppError('NOT_FOUND', 'No such season');
}
