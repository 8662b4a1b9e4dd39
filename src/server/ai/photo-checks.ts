import sharp from 'sharp';
import type { PhotoCheck } from '../../common/ai.js';
import { imageWork } from './image-upload.js';

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

/** Brightness (mean grey level, 0-255) and sharpness (Laplacian edge spread per unit of contrast) of a photo. */
export function measurePhoto(jpeg: Buffer, width: number, height: number): Promise<PhotoMeasurements> {
  return imageWork.run(() => measure(jpeg, width, height));
}

async function measure(jpeg: Buffer, width: number, height: number): Promise<PhotoMeasurements> {
  const grey = await sharp(jpeg).greyscale().resize({ width: 512, height: 512, fit: 'inside' }).png().toBuffer();
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

export async function checkPhoto(jpeg: Buffer, width: number, height: number): Promise<PhotoCheck[]> {
  return judgePhoto(await measurePhoto(jpeg, width, height));
}
