import { describe, expect, it } from 'vitest';
import { checkPhoto, judgePhoto, measurePhoto } from './photo-checks.js';
import { normalizeUploadedImage } from './image-upload.js';
import { blurredPhoto, darkPhoto, goodPhoto, smallPhoto } from '../test/fixtures/test-images.js';

async function checksOf(bytes: Buffer) {
  return (await checkPhoto(bytes)).map((c) => c.check);
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

  it('judges a large photo from its upload, at the size it was taken', async () => {
    const m = await measurePhoto(await goodPhoto(6000, 4000));
    expect([m.width, m.height]).toEqual([6000, 4000]);
    expect(judgePhoto(m)).toEqual([]);
  });

  it('judges a PNG with a transparent border on white, as the re-encoded photo shows it', async () => {
    const { default: sharp } = await import('sharp');
    const transparent = { r: 0, g: 0, b: 0, alpha: 0 };
    const cutout = await sharp({ create: { width: 1600, height: 1200, channels: 4, background: transparent } })
      .composite([{ input: await goodPhoto(), left: 200, top: 150 }])
      .png()
      .toBuffer();
    const asUploaded = await measurePhoto(cutout);
    const asReEncoded = await measurePhoto((await normalizeUploadedImage(cutout)).jpeg);
    expect(Math.abs(asUploaded.brightness - asReEncoded.brightness)).toBeLessThan(2);
    expect(asUploaded.sharpness / asReEncoded.sharpness).toBeCloseTo(1, 1);
  });

  it('refuses what is not a readable image, as the re-encoding does', async () => {
    const photo = await goodPhoto();
    await expect(measurePhoto(Buffer.from('just some text, not a photo'))).rejects.toThrow('Please select an image file');
    await expect(measurePhoto(photo.subarray(0, photo.length / 2))).rejects.toThrow('This image could not be read');
  });

  it('measures what it judges', async () => {
    const a = await measurePhoto(await goodPhoto());
    const b = await measurePhoto(await blurredPhoto());
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
