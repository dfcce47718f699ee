import { placeSlug, type Place } from '@app/shared';
import type { DbOrTx } from '../../db/client';
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
