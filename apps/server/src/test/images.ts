import sharp from 'sharp';
import type { Db } from '../db/client';
import * as images from '../repos/images.repo';
import * as places from '../repos/places.repo';
import { processUpload } from '../lib/images/processing';

/** Test photos made with sharp itself: a gradient-free block of colour in the asked format (small and fast). */
export async function testPhoto(format: 'jpeg' | 'png' | 'webp' = 'jpeg', options: { width?: number; height?: number; color?: string } = {}): Promise<Buffer> {
  const { width = 640, height = 480, color = '#2a7fb8' } = options;
  const image = sharp({ create: { width, height, channels: 3, background: color } });
  return image.toFormat(format).toBuffer();
}

/** A JPEG that carries EXIF with a GPS position and an orientation (rotated 90°), as a phone's photo does. */
export async function testPhotoWithGps(format: 'jpeg' | 'png' | 'webp' = 'jpeg'): Promise<Buffer> {
  return sharp({ create: { width: 600, height: 400, channels: 3, background: '#3b9a5c' } })
    .withExif({ IFD0: { Make: 'Testkamera', Orientation: '6' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '59/1 54/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '10/1 45/1 0/1' } })
    .toFormat(format)
    .toBuffer();
}

/** A photo of `placeId` written straight to the database (for tests that need one to exist). Returns its id and hash. */
export async function insertTestPhoto(db: Db, placeId: string, alt = 'Bassenget'): Promise<{ id: string; hash: string }> {
  const image = await processUpload(await testPhoto('jpeg', { color: `#${Math.floor(Math.random() * 0xffffff).toString(16).padStart(6, '0')}` }));
  await images.insertImage(db, image);
  const position = (await places.listPhotos(db, placeId)).length;
  const photo = await places.insertPhoto(db, { placeId, imageHash: image.hash, alt, position, cover: position === 0 });
  return { id: photo.id, hash: image.hash };
}
