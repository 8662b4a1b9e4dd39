import sharp, { type Sharp } from 'sharp';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../core/app-error.js';
import { takingTurns } from '../core/taking-turns.js';

/** Decompression-bomb guard: images over 40 megapixels are refused before they are decoded. */
export const MAX_INPUT_PIXELS = 40_000_000;
const MAX_EDGE = 1600;

/** Photos that may wait for their turn; past that many, a photo is refused rather than held in memory. */
export const MAX_WAITING_PHOTOS = 8;
export const PHOTOS_BUSY = 'We are working on many photos right now. Please send yours again in a moment.';

/**
 * A decoded photo holds tens of MB of native memory while sharp works on it: one photo at a time. Each
 * waiting photo holds its upload, so the queue is bounded.
 */
export const imageWork = takingTurns(1, {
  maxWaiting: MAX_WAITING_PHOTOS,
  whenFull: () => new AppError('SERVICE_UNAVAILABLE', PHOTOS_BUSY, undefined, 5),
});

// libvips keeps recent operations and their pixels for reuse; every photo here is new,
// so the cache would only hold memory (every module that uses sharp goes through imageWork, from this module).
sharp.cache(false);

export interface NormalizedImage {
  jpeg: Buffer;
  /** Size of the photo as uploaded. */
  width: number;
  height: number;
}

/**
 * Runs `work` on an upload once it is known to be an image from its bytes (not its name or declared type),
 * in its turn, with the pixel limit and strict decoding: a cut-off or corrupt file is refused, not half read.
 */
export async function readUploadedImage<T>(bytes: Buffer, work: (image: Sharp) => Promise<T>): Promise<T> {
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !type.mime.startsWith('image/')) {
    throw new AppError('BAD_REQUEST', 'Please select an image file');
  }
  try {
    return await imageWork.run(() => work(sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })));
  } catch (error) {
    if (error instanceof AppError) throw error;
    const message = error instanceof Error ? error.message : '';
    if (/pixel limit/i.test(message)) {
      throw new AppError('PAYLOAD_TOO_LARGE', 'This image has too many pixels. Please send a photo under 40 megapixels.');
    }
    throw new AppError('BAD_REQUEST', 'This image could not be read. Please send a JPEG, PNG, WebP or HEIC photo.');
  }
}

/** Re-encodes an uploaded image as a JPEG of at most 1600 px, orientation applied and metadata (location) dropped. */
export function normalizeUploadedImage(bytes: Buffer): Promise<NormalizedImage> {
  return readUploadedImage(bytes, async (image) => {
    const { width = 0, height = 0 } = await image.metadata();
    const jpeg = await image
      .rotate()
      .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85 })
      .toBuffer();
    return { jpeg, width, height };
  });
}
