import { MAX_PHOTOS_PER_PLACE, type Place, type PlacePhotosInput } from '@app/shared';
import { requireAccess } from '../../access/access';
import { withTx, type ServiceContext } from '../../context';
import { AppError } from '../../lib/app-error';
import * as images from '../../repos/images.repo';
import * as places from '../../repos/places.repo';
import { processUpload } from '../../lib/images/processing';
import { getVenue } from './venues.service';

// Every upload is decoded and re-encoded before anything is written (lib/images/processing.ts).

async function refuseWhenFull(ctx: ServiceContext, placeId: string): Promise<void> {
  if ((await places.listPhotos(ctx.db, placeId)).length >= MAX_PHOTOS_PER_PLACE) {
    throw new AppError('TOO_MANY_PHOTOS', `A venue has at most ${MAX_PHOTOS_PER_PLACE} photos`);
  }
}

/** POST /places/:id/photos: a new photo last in the order; the venue's first photo is its cover. */
export async function addPhoto(ctx: ServiceContext, placeId: string, alt: string, bytes: Buffer): Promise<Place> {
  await requireAccess(ctx, 'place.photos.write', placeId);
  await refuseWhenFull(ctx, placeId);
  const image = await processUpload(bytes);
  await withTx(ctx, async (ctx) => {
    if (!(await places.lockPlace(ctx.db, placeId))) throw new AppError('NOT_FOUND', 'No such place');
    await refuseWhenFull(ctx, placeId);
    const photos = await places.listPhotos(ctx.db, placeId);
    await images.insertImage(ctx.db, image);
    await places.insertPhoto(ctx.db, { placeId, imageHash: image.hash, alt, position: photos.length, cover: !photos.some((p) => p.cover) });
  });
  return getVenue(ctx, placeId);
}

async function photoOf(ctx: ServiceContext, placeId: string, photoId: string) {
  const photo = (await places.listPhotos(ctx.db, placeId)).find((p) => p.id === photoId);
  if (!photo) throw new AppError('NOT_FOUND', 'No such photo');
  return photo;
}

/** PUT /places/:id/photos/:photoId: new bytes for a photo; its place in the order, cover and alt text stay. */
export async function replacePhoto(ctx: ServiceContext, placeId: string, photoId: string, bytes: Buffer): Promise<Place> {
  await requireAccess(ctx, 'place.photos.write', placeId);
  await photoOf(ctx, placeId, photoId);
  const image = await processUpload(bytes);
  await withTx(ctx, async (ctx) => {
    await places.lockPlace(ctx.db, placeId);
    const photo = await photoOf(ctx, placeId, photoId);
    await images.insertImage(ctx.db, image);
    await places.setPhotoImage(ctx.db, photoId, image.hash);
    if (photo.imageHash !== image.hash) await images.deleteImageIfUnused(ctx.db, photo.imageHash);
  });
  return getVenue(ctx, placeId);
}

/** PUT /places/:id/photos: the order, the alt texts and the cover; the list must name every photo of the venue once. */
export async function arrangePhotos(ctx: ServiceContext, placeId: string, input: PlacePhotosInput): Promise<Place> {
  await requireAccess(ctx, 'place.photos.write', placeId);
  await withTx(ctx, async (ctx) => {
    await places.lockPlace(ctx.db, placeId);
    const current = new Set((await places.listPhotos(ctx.db, placeId)).map((p) => p.id));
    const given = input.photos.map((p) => p._id);
    if (given.length !== current.size || new Set(given).size !== given.length || given.some((id) => !current.has(id))) {
      throw new AppError('VALIDATION', 'The list must name every photo of the venue once');
    }
    if (input.coverId !== null && !current.has(input.coverId)) throw new AppError('VALIDATION', 'The cover must be one of the photos');
    const coverId = input.coverId ?? given[0] ?? null;
    await places.arrangePhotos(ctx.db, placeId, input.photos.map((p) => ({ id: p._id, alt: p.alt })), coverId);
  });
  return getVenue(ctx, placeId);
}

/** DELETE /places/:id/photos/:photoId: the first remaining photo becomes the cover when the cover goes. */
export async function deletePhoto(ctx: ServiceContext, placeId: string, photoId: string): Promise<Place> {
  await requireAccess(ctx, 'place.photos.write', placeId);
  await withTx(ctx, async (ctx) => {
    await places.lockPlace(ctx.db, placeId);
    const photo = await photoOf(ctx, placeId, photoId);
    await places.deletePhoto(ctx.db, photoId);
    await images.deleteImageIfUnused(ctx.db, photo.imageHash);
    const rest = await places.listPhotos(ctx.db, placeId);
    if (photo.cover && rest[0]) {
      await places.arrangePhotos(ctx.db, placeId, rest.map((p) => ({ id: p.id, alt: p.alt })), rest[0].id);
    }
  });
  return getVenue(ctx, placeId);
}
