import { placeSlug, type Place, type PlaceImage, type PlaceInput } from '@app/shared';
import type { DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { PlaceRow } from '../../db/schema';
import { AppError } from '../../plugins/errors';
import { defaultCourseWindow } from '../courses/course-window';
import { seesUnpublished, type Viewer } from '../courses/viewer';
import * as repo from './places.repo';

export function toPlace(row: repo.PlaceWithCount): Place {
  return {
    _id: row.id,
    name: row.name,
    slug: placeSlug(row.name),
    address: row.address,
    zipCode: row.zipCode,
    place: row.place,
    info: row.info,
    published: row.published,
    image: (row.image as PlaceImage | null) ?? null,
    courseCount: row.courseCount,
  };
}

/** Spec §7 GET /places: sorted by name; visitors see published places only. */
export async function listPlaces(db: DbOrTx, viewer: Viewer, now = new Date()): Promise<Place[]> {
  const rows = await repo.listPlaces(db, { includeUnpublished: seesUnpublished(viewer), countWindow: defaultCourseWindow(now) });
  return rows.map(toPlace);
}

export async function getPlace(db: DbOrTx, id: string, viewer: Viewer, now = new Date()): Promise<Place> {
  const row = await repo.findPlace(db, id, { includeUnpublished: seesUnpublished(viewer), countWindow: defaultCourseWindow(now) });
  if (!row) throw new AppError('NOT_FOUND', 'Place not found');
  return toPlace(row);
}

/** The place a viewer may see, or NOT_FOUND (an unpublished place is as absent as an unknown one to visitors). */
export async function requireVisiblePlace(db: DbOrTx, id: string, viewer: Viewer): Promise<PlaceRow> {
  const row = await repo.findPlaceRow(db, id);
  if (!row || (!row.published && !seesUnpublished(viewer))) throw new AppError('NOT_FOUND', 'Place not found');
  return row;
}

const placeValues = (input: PlaceInput): repo.PlaceValues => ({
  name: input.name,
  address: input.address,
  zipCode: input.zipCode,
  place: input.place,
  info: input.info.trim(),
  published: input.published,
  image: input.image,
});

/** Names make the URL slug, so two venues may not share one (case-insensitive): PLACE_NAME_TAKEN. */
async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('PLACE_NAME_TAKEN', 'A place with that name exists already');
    throw error;
  }
}

/** POST /places (admin; the role gate is the route's): spec §4 "form without id creates". */
export async function createPlace(db: DbOrTx, input: PlaceInput, viewer: Viewer, now = new Date()): Promise<Place> {
  const row = await uniqueName(() => repo.insertPlace(db, placeValues(input)));
  return getPlace(db, row.id, viewer, now);
}

/** PATCH /places/:id (admin): "with id updates". */
export async function updatePlace(db: DbOrTx, id: string, input: PlaceInput, viewer: Viewer, now = new Date()): Promise<Place> {
  const row = await uniqueName(() => repo.updatePlace(db, id, placeValues(input)));
  if (!row) throw new AppError('NOT_FOUND', 'Place not found');
  return getPlace(db, row.id, viewer, now);
}
