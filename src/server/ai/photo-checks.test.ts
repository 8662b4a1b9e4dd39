import { describe, expect, it } from 'vitest';
import { checkPhoto, measurePhoto } from './photo-checks.js';
import { normalizeUploadedImage } from './image-upload.js';
import { blurredPhoto, darkPhoto, goodPhoto, smallPhoto } from '../test/fixtures/test-images.js';

async function checksOf(bytes: Buffer) {
  const image = await normalizeUploadedImage(bytes);
  return (await checkPhoto(image.jpeg, image.width, image.height)).map((c) => c.check);
}

describe('photo checks', () => {
  it('passes a sharp, well-lit, full-size photo', async () => {
    expect(await checksOf(await goodPhoto())).toEqual([]);
  });

  it('flags a dark photo', async () => {
    expect(await checksOf(await darkPhoto())).toContain('too-dark');
  });

  it('flags a blurred photo', async () => {
    expect(await checksOf(await blurredPhoto())).toEqual(['blurred']);
  });

  it('flags a small photo', async () => {
    expect(await checksOf(await smallPhoto())).toContain('too-small');
  });

  it('measures what it judges', async () => {
    const good = await normalizeUploadedImage(await goodPhoto());
    const blurred = await normalizeUploadedImage(await blurredPhoto());
    const a = await measurePhoto(good.jpeg, good.width, good.height);
    const b = await measurePhoto(blurred.jpeg, blurred.width, blurred.height);
    expect(a.sharpness).toBeGreaterThan(b.sharpness * 2);
  });
});

describe('normalizeUploadedImage', () => {
  it('refuses text renamed to .jpg, judged by its bytes', async () => {
    await expect(normalizeUploadedImage(Buffer.from('just some text, not a photo'))).rejects.toThrow('Please select an image file');
  });

  it('refuses a decompression bomb by its pixel count before decoding it', async () => {
    const { default: sharp } = await import('sharp');
    // 8000 x 6000 of one colour: a few kilobytes of PNG, 48 megapixels once decoded.
    const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#336699' } }).png().toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await expect(normalizeUploadedImage(bomb)).rejects.toMatchObject({ statusCode: 413 });
  });

  it('re-encodes any image as a JPEG of at most 1600 px', async () => {
    const { default: sharp } = await import('sharp');
    const png = await sharp(await goodPhoto(3000, 2000)).png().toBuffer();
    const result = await normalizeUploadedImage(png);
    const meta = await sharp(result.jpeg).metadata();
    expect(meta.format).toBe('jpeg');
    expect(Math.max(meta.width!, meta.height!)).toBe(1600);
    expect([result.width, result.height]).toEqual([3000, 2000]);
  });
});
