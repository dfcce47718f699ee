import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { MAX_PHOTO_ASPECT, MAX_PHOTO_BYTES, MAX_PHOTO_SIDE, OG_IMAGE_SIZE, type PhotoVariant } from '@app/shared';
import { AppError } from '../../lib/app-error';

// Why: docs/decisions/040. Uploads are decoded and encoded anew, which drops EXIF, GPS and every other metadata block.

/** Phone cameras make 12–48 megapixels; more is refused before decoding (a decompression bomb). */
export const MAX_INPUT_PIXELS = 50_000_000;
/** The master's longest side: the widest variant (1600) on a sharp screen still has pixels to spare. */
export const MASTER_MAX_SIDE = 2400;

/** What the first bytes say the file is. Only these three are decoded; HEIC gets its own answer. */
function sniffFormat(bytes: Buffer): 'jpeg' | 'png' | 'webp' | 'heic' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  // ISO-BMFF: '....ftyp' and a HEIF brand (an iPhone's photo).
  if (bytes.length >= 12 && bytes.toString('latin1', 4, 8) === 'ftyp' && /^(heic|heix|hevc|hevx|heim|heis|mif1|msf1)$/.test(bytes.toString('latin1', 8, 12))) return 'heic';
  return null;
}

const invalid = () => new AppError('IMAGE_INVALID', 'Not a JPEG, PNG or WebP image');

const decoder = (bytes: Buffer) => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning' });

/** Decodes, checks and re-encodes an upload. Throws IMAGE_* AppErrors (400) for anything that is not a usable photo. */
export async function processUpload(bytes: Buffer) {
  if (bytes.length > MAX_PHOTO_BYTES) throw new AppError('IMAGE_TOO_LARGE', 'The photo is too large');
  const sniffed = sniffFormat(bytes);
  if (sniffed === 'heic') throw new AppError('IMAGE_HEIC', 'HEIC photos are not supported; send JPEG');
  if (!sniffed) throw invalid();
  let meta: Metadata;
  try {
    meta = await decoder(bytes).metadata();
  } catch {
    throw invalid();
  }
  // The header's own claim is checked before any pixel is decoded: the area, each side, and the shape.
  if (meta.format !== sniffed || !meta.width || !meta.height || meta.width * meta.height > MAX_INPUT_PIXELS) throw invalid();
  const [long, short] = meta.width > meta.height ? [meta.width, meta.height] : [meta.height, meta.width];
  if (long > MAX_PHOTO_SIDE || long > short * MAX_PHOTO_ASPECT) throw new AppError('IMAGE_SHAPE', 'The photo is too long or too narrow');
  try {
    const pipeline = decoder(bytes)
      .rotate()
      .resize({ width: MASTER_MAX_SIDE, height: MASTER_MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    const encoded =
      sniffed === 'jpeg'
        ? pipeline.jpeg({ quality: 88, mozjpeg: true })
        : sniffed === 'png'
          ? pipeline.png({ compressionLevel: 9 })
          : pipeline.webp({ quality: 88 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    const { dominant } = await sharp(data).stats();
    const hex = (n: number) => Math.round(n).toString(16).padStart(2, '0');
    return {
      hash: createHash('sha256').update(data).digest('hex'),
      master: data,
      format: sniffed,
      width: info.width,
      height: info.height,
      color: `#${hex(dominant.r)}${hex(dominant.g)}${hex(dominant.b)}`,
    };
  } catch {
    // A truncated or corrupt file fails while its pixels are read.
    throw invalid();
  }
}

export const VARIANT_TYPES: Record<string, string> = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' };

/** Makes one served variant from the master: a width in one format, or the 1200×630 link preview. */
export async function makeVariant(master: Buffer, variant: PhotoVariant): Promise<Buffer> {
  const image = sharp(master, { limitInputPixels: MAX_INPUT_PIXELS });
  if (variant === 'og.jpg') {
    return image.resize({ ...OG_IMAGE_SIZE, fit: 'cover', position: 'attention' }).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
  }
  const [size, format] = variant.split('.') as [string, 'avif' | 'webp' | 'jpg'];
  const resized = image.resize({ width: Number(size.slice(1)), withoutEnlargement: true });
  if (format === 'avif') return resized.avif({ quality: 55, effort: 2 }).toBuffer();
  if (format === 'webp') return resized.webp({ quality: 78 }).toBuffer();
  return resized.jpeg({ quality: 80, mozjpeg: true, progressive: true }).toBuffer();
}
