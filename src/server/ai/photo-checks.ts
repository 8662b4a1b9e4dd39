import sharp from 'sharp';
import type { PhotoCheck } from '../../common/ai.js';
import { readUploadedImage } from './image-upload.js';

/** Thresholds from the photo tips: clear, well lit, large enough. Calibrated on the images in photo-checks.test.ts. */
const DARK_MEAN = 45;
const BRIGHT_MEAN = 235;
const BLUR_SHARPNESS = 15;
const MIN_SHORT_EDGE = 480;

export interface PhotoMeasurements {
  brightness: number;
  sharpness: number;
  width: number;
  height: number;
}

/**
 * Brightness (mean grey level, 0-255) and sharpness (Laplacian edge spread per unit of contrast) of an
 * uploaded photo, read from the upload itself through a 512 px grey copy, and its size as uploaded. An
 * upload that is not a readable image is refused as `readUploadedImage` says.
 */
export function measurePhoto(upload: Buffer): Promise<PhotoMeasurements> {
  return readUploadedImage(upload, async (image) => {
    const { width = 0, height = 0 } = await image.metadata();
    // A large JPEG is decoded at a fraction of its size here (libjpeg's shrink-on-load): cheap even for 24 MP.
    const grey = await image.flatten({ background: '#ffffff' }).greyscale().resize({ width: 512, height: 512, fit: 'inside' }).png().toBuffer();
    const { channels: brightness } = await sharp(grey).stats();
    // stats() reads its input, not the pipeline's output, so the filtered image is rendered first.
    const filtered = await sharp(grey)
      .convolve({ width: 3, height: 3, kernel: [0, 1, 0, 1, -4, 1, 0, 1, 0], offset: 128 })
      .png()
      .toBuffer();
    const { channels: edges } = await sharp(filtered).stats();
    // Edge strength relative to overall contrast, so a dim but sharp photo is not taken for a blurred one.
    const sharpness = (edges[0]!.stdev / Math.max(brightness[0]!.stdev, 1)) * 100;
    return { brightness: brightness[0]!.mean, sharpness, width, height };
  });
}

export function judgePhoto(m: PhotoMeasurements): PhotoCheck[] {
  const checks: PhotoCheck[] = [];
  if (m.brightness < DARK_MEAN) {
    checks.push({ check: 'too-dark', message: 'The photo is too dark to make out details; retake it in daylight or with a torch on the part.' });
  } else if (m.brightness > BRIGHT_MEAN) {
    checks.push({ check: 'too-bright', message: 'The photo is washed out; avoid direct sun or flash glare on the part.' });
  }
  if (m.sharpness < BLUR_SHARPNESS) {
    checks.push({ check: 'blurred', message: 'The photo looks blurred; hold steady and tap to focus on the problem area.' });
  }
  if (Math.min(m.width, m.height) < MIN_SHORT_EDGE) {
    checks.push({ check: 'too-small', message: `The photo is small (${m.width}×${m.height}); send it at full size so details are visible.` });
  }
  return checks;
}

/** What the photo tips would say about an upload; refuses what is not a readable image. */
export async function checkPhoto(upload: Buffer): Promise<PhotoCheck[]> {
  return judgePhoto(await measurePhoto(upload));
}
