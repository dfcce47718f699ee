import { courseWindow, placeSlug, type Place, type VenueImage, type PlaceInput } from '@app/shared';
import { seesUnpublished } from '../../access/access';
import { withTx, type ServiceContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../lib/app-error';
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
    image: (row.image as VenueImage | null) ?? null,
    courseCount: row.courseCount,
    oldSlugs: row.oldSlugs,
    photos: row.photos.map(({ id, ...photo }) => ({ _id: id, ...photo })),
  };
}

/** Spec §7 GET /places: sorted by name; visitors see published places only. */
export async function listPlaces(ctx: ServiceContext): Promise<Place[]> {
  const rows = await repo.listPlaces(ctx.db, { includeUnpublished: seesUnpublished(ctx.viewer), countWindow: courseWindow(ctx.clock.now()) });
  return rows.map(toPlace);
}

export async function getVenue(ctx: ServiceContext, id: string): Promise<Place> {
  const row = await repo.findPlace(ctx.db, id, {
    includeUnpublished: seesUnpublished(ctx.viewer),
    countWindow: courseWindow(ctx.clock.now()),
  });
  if (!row) throw new AppError('NOT_FOUND', 'Place not found');
  return toPlace(row);
}

const placeValues = (input: PlaceInput): repo.PlaceValues => ({ ...input, info: input.info.trim() });

/** Names make the URL slug, so two venues may not share one (case-insensitive): PLACE_NAME_TAKEN. */
async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('PLACE_NAME_TAKEN', 'A place with that name exists already');
    throw error;
  }
}

/** A renamed venue's old address keeps pointing at it (decision 036): no other venue may take that slug. */
async function refuseOldAddressOfAnother(ctx: ServiceContext, name: string, placeId?: string): Promise<void> {
  if (await repo.slugWasUsedByOther(ctx.db, placeSlug(name), placeId)) {
    throw new AppError('PLACE_NAME_WAS_USED', 'That name was the address of another place before it was renamed');
  }
}

/** POST /places (admin; the role gate is the route's): spec §4 "form without id creates". */
export async function createVenue(ctx: ServiceContext, input: PlaceInput): Promise<Place> {
  const row = await withTx(ctx, async (ctx) => {
    await refuseOldAddressOfAnother(ctx, input.name);
    return uniqueName(() => repo.insertPlace(ctx.db, placeValues(input)));
  });
  return getVenue(ctx, row.id);
}

/** PATCH /places/:id (admin): "with id updates". A new name keeps the old slug as an address that redirects. */
export async function updateVenue(ctx: ServiceContext, id: string, input: PlaceInput): Promise<Place> {
  const row = await withTx(ctx, async (ctx) => {
    const before = await repo.findPlaceRow(ctx.db, id);
    if (!before) throw new AppError('NOT_FOUND', 'Place not found');
    await refuseOldAddressOfAnother(ctx, input.name, id);
    const updated = await uniqueName(() => repo.updateVenue(ctx.db, id, placeValues(input)));
    if (!updated) throw new AppError('NOT_FOUND', 'Place not found');
    const oldSlug = placeSlug(before.name);
    const newSlug = placeSlug(updated.name);
    if (oldSlug !== newSlug) await repo.keepOldSlug(ctx.db, id, oldSlug);
    await repo.dropOldSlug(ctx.db, id, newSlug);
    return updated;
  });
  return getVenue(ctx, row.id);
}
