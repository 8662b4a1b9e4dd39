import sharp from 'sharp';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../core/app-error.js';
import { takingTurns } from '../core/taking-turns.js';

/** Decompression-bomb guard: images over 40 megapixels are refused before they are decoded. */
export const MAX_INPUT_PIXELS = 40_000_000;
const MAX_EDGE = 1600;

/** A decoded photo holds tens of MB of native memory while sharp works on it: one photo at a time. */
export const imageWork = takingTurns(1);

export interface NormalizedImage {
  jpeg: Buffer;
  /** Size of the photo as uploaded. */
  width: number;
  height: number;
}

/**
 * Checks an upload is really an image from its bytes (not its name or declared type), then re-encodes it
 * as a JPEG of at most 1600 px, orientation applied and metadata (location) dropped.
 */
export async function normalizeUploadedImage(bytes: Buffer): Promise<NormalizedImage> {
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !type.mime.startsWith('image/')) {
    throw new AppError('BAD_REQUEST', 'Please select an image file');
  }
  try {
    return await imageWork.run(async () => {
      const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
      const { width = 0, height = 0 } = await image.metadata();
      const jpeg = await image
        .rotate()
        .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 85 })
        .toBuffer();
      return { jpeg, width, height };
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (/pixel limit/i.test(message)) {
      throw new AppError('PAYLOAD_TOO_LARGE', 'This image has too many pixels. Please send a photo under 40 megapixels.');
    }
    throw new AppError('BAD_REQUEST', 'This image could not be read. Please send a JPEG, PNG, WebP or HEIC photo.');
  }
}
