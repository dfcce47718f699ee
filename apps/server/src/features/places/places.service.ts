import { courseWindow, placeSlug, type Place } from '@app/shared';
import { seesUnpublished } from '../../access/access';
import type { ServiceContext } from '../../context';
import { AppError } from '../../plugins/errors';
import * as repo from '../../repos/places.repo';

function toPlace(row: repo.PlaceWithCount): Place {
  return {
    _id: row.id,
    name: row.name,
    slug: placeSlug(row.name),
    address: row.address,
    zipCode: row.zipCode,
    place: row.place,
    info: row.info,
    published: row.published,
    courseCount: row.courseCount,
  };
}

/** Spec §7 GET /places: sorted by name; visitors see published places only. */
export async function listPlaces(ctx: ServiceContext): Promise<Place[]> {
  const rows = await repo.listPlaces(ctx.db, { includeUnpublished: seesUnpublished(ctx.viewer), countWindow: courseWindow(ctx.clock.now()) });
  return rows.map(toPlace);
}

export async function getPlace(ctx: ServiceContext, id: string): Promise<Place> {
  const row = await repo.findPlace(ctx.db, id, {
    includeUnpublished: seesUnpublished(ctx.viewer),
    countWindow: courseWindow(ctx.clock.now()),
  });
  if (!row) throw new AppError('NOT_FOUND', 'Place not found');
  return toPlace(row);
}
