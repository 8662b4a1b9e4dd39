import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { asUser, createTestApp, signUp, type TestApp, type TestUser } from '../../test/test-app.js';
import { goodPhoto } from '../../test/fixtures/test-images.js';
import { multipartBody, requester, signUpExpert, type ExpertAccount } from '../../test/workspace-helpers.js';
import { PHOTO_MAX_BYTES } from '../../../common/workspace.js';
import type { Expert } from '../../../common/experts.js';
import { NOT_AN_IMAGE } from './profile-photo.js';

let t: TestApp;
let expert: ExpertAccount;
let http: ReturnType<typeof requester>;

beforeAll(async () => {
  t = await createTestApp();
  http = requester(t);
  expert = await signUpExpert(t, { name: 'Fiona Photo' });
});
afterAll(() => t.close());

function upload(user: TestUser | null, value: Buffer, filename = 'me.jpg', type = 'image/jpeg') {
  const { payload, headers } = multipartBody([{ name: 'photo', value, filename, type }]);
  return t.app.inject(asUser(user, { method: 'POST', url: '/api/workspace/photo', payload, headers }));
}

/** A portrait PNG carrying EXIF (artist, copyright) and a rotation flag, as a phone's photo would. */
async function pngWithMetadata(): Promise<Buffer> {
  return sharp(await goodPhoto(900, 1200)).withMetadata({ orientation: 6, exif: { IFD0: { Artist: 'Fiona', Copyright: 'Private' } } }).png().toBuffer();
}

async function listedImage(): Promise<string | null | undefined> {
  const experts: Expert[] = (await http.get(null, '/api/experts?limit=100')).json();
  return experts.find((e) => e.id === expert.expertId)?.profileImage;
}

describe('POST /api/workspace/photo', () => {
  it('re-encodes a real photo to a 512 px JPEG without metadata, serves it and shows it in the listings at once', async () => {
    expect(await listedImage()).toBeNull();
    const response = await upload(expert, await pngWithMetadata(), 'me.png', 'image/png');
    expect(response.statusCode).toBe(200);
    const url: string = response.json().profileImage;
    expect(url).toMatch(/^\/api\/expert-photos\/\d+-[0-9a-f]{32}\.jpg$/);
    expect(await listedImage()).toBe(url);

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toContain('immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 512, height: 512 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  it('replaces the photo with a new address and removes the old file', async () => {
    const first = (await upload(expert, await goodPhoto(640, 480))).json().profileImage as string;
    const second = (await upload(expert, await goodPhoto(800, 600))).json().profileImage as string;
    expect(second).not.toBe(first);
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(200);
  });

  it('answers 400 for a file that is not really an image, whatever its name and declared type', async () => {
    for (const bytes of [Buffer.from('GIF89a? no, just text pretending'), Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), Buffer.alloc(0)]) {
      const response = await upload(expert, bytes, 'photo.png', 'image/png');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: NOT_AN_IMAGE, errors: { photo: NOT_AN_IMAGE } });
    }
    const cut = await upload(expert, (await goodPhoto()).subarray(0, 400));
    expect(cut.statusCode).toBe(400);
    expect(cut.json().message).toBe('This photo could not be read. Please send another JPEG, PNG or WebP photo.');
  });

  it('answers 413 for a photo over 5 MB', async () => {
    const huge = Buffer.concat([await goodPhoto(), Buffer.alloc(PHOTO_MAX_BYTES, 7)]);
    const response = await upload(expert, huge);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('The photo is larger than 5 MB. Please choose a smaller one.');
  });

  it('answers 400 for a body cut off before its closing boundary, or one that is not multipart', async () => {
    const { payload, headers } = multipartBody([{ name: 'photo', value: await goodPhoto(), filename: 'me.jpg', type: 'image/jpeg' }]);
    for (const cut of [payload.subarray(0, payload.length - 40), payload.subarray(0, 60)]) {
      const response = await t.app.inject(asUser(expert, { method: 'POST', url: '/api/workspace/photo', payload: cut, headers }));
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/cut off/);
    }
    const json = await t.app.inject(asUser(expert, { method: 'POST', url: '/api/workspace/photo', payload: { photo: 'x' } }));
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe(NOT_AN_IMAGE);
  });

  it('answers 401 signed out and 403 to an account that is not an expert', async () => {
    const photo = await goodPhoto(320, 240);
    expect((await upload(null, photo)).statusCode).toBe(401);
    expect((await upload(await signUp(t.app), photo)).statusCode).toBe(403);
  });
});

describe('DELETE /api/workspace/photo', () => {
  it('removes the photo: the listings show the default picture and the old address is gone', async () => {
    const url = (await upload(expert, await goodPhoto(640, 480))).json().profileImage as string;
    const response = await http.delete(expert, '/api/workspace/photo');
    expect(response.statusCode).toBe(200);
    expect(response.json().profileImage).toBeNull();
    expect(await listedImage()).toBeNull();
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('answers 404 for a photo address the store never wrote', async () => {
    for (const url of ['/api/expert-photos/1-00000000000000000000000000000000.jpg', '/api/expert-photos/..%2F..%2Fserver.lock']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });
});
