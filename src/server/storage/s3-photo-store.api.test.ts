import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestApp, type TestApp } from '../test/test-app.js';
import { startFakeS3Server, type FakeS3Server } from '../test/s3-server.js';
import { goodPhoto } from '../test/fixtures/test-images.js';
import { multipartBody, requester, signUpExpert } from '../test/workspace-helpers.js';
import { PHOTO_URL_PREFIX, type PhotoStore } from './photo-store.js';
import { s3PhotoStore } from './s3-photo-store.js';

const BUCKET = 'kb-photos';
const KEYS = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' };
const NAME = '42-0123456789abcdef0123456789abcdef.jpg';

let s3: FakeS3Server;

beforeAll(async () => {
  s3 = await startFakeS3Server();
});
afterAll(() => s3.close());

describe('s3PhotoStore', () => {
  let store: PhotoStore;
  beforeAll(async () => {
    store = await s3PhotoStore({ bucket: BUCKET, region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, ...KEYS });
  });

  it('puts a photo under expert-photos/ as a cacheable JPEG, answers our own URL, reads it back and removes it', async () => {
    const bytes = Buffer.from('jpeg bytes, as far as the bucket cares');
    const url = await store.put(NAME, bytes);
    expect(url).toBe(`${PHOTO_URL_PREFIX}${NAME}`);

    const object = s3.objects.get(`${BUCKET}/expert-photos/${NAME}`);
    expect(object?.bytes.equals(bytes)).toBe(true);
    expect(object?.contentType).toBe('image/jpeg');
    expect(object?.cacheControl).toContain('immutable');
    expect(s3.requests.at(-1)).toEqual({ method: 'PUT', path: `/${BUCKET}/expert-photos/${NAME}`, signed: true });

    expect((await store.get(NAME))?.equals(bytes)).toBe(true);
    await store.removeByUrl(url);
    expect(s3.objects.size).toBe(0);
    expect(s3.requests.at(-1)).toMatchObject({ method: 'DELETE', signed: true });
    expect(await store.get(NAME)).toBeNull();
  });

  it('answers null for a photo the bucket does not have', async () => {
    expect(await store.get('7-ffffffffffffffffffffffffffffffff.jpg')).toBeNull();
    expect(s3.requests.at(-1)).toMatchObject({ method: 'GET', path: `/${BUCKET}/expert-photos/7-ffffffffffffffffffffffffffffffff.jpg` });
  });

  it('never sends a name outside its own pattern, nor a URL that is not its own, to the bucket', async () => {
    const before = s3.requests.length;
    for (const name of ['../secret.jpg', '1-abc.jpg', 'x.jpg', `${NAME}/../other`, `../${NAME}`, '']) {
      await expect(store.put(name, Buffer.from('x'))).rejects.toThrow(/not a photo name/);
      expect(await store.get(name)).toBeNull();
      await store.removeByUrl(`${PHOTO_URL_PREFIX}${name}`);
    }
    await store.removeByUrl('/images/demo/expert-1.jpg');
    await store.removeByUrl(null);
    expect(s3.requests.length).toBe(before);
  });
});

describe('expert photos with S3_BUCKET set', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: KEYS.accessKeyId,
      S3_SECRET_ACCESS_KEY: KEYS.secretAccessKey,
    });
  });
  afterAll(() => t?.close());

  it('stores an upload in the bucket (not under DATA_DIR), serves it through our route and deletes it with the photo', async () => {
    const expert = await signUpExpert(t, { name: 'Sam Bucket' });
    const { payload, headers } = multipartBody([{ name: 'photo', value: await goodPhoto(640, 480), filename: 'me.jpg', type: 'image/jpeg' }]);
    const uploaded = await t.app.inject(asUser(expert, { method: 'POST', url: '/api/workspace/photo', payload, headers }));
    expect(uploaded.statusCode).toBe(200);
    const url: string = uploaded.json().profileImage;
    expect(url.startsWith(PHOTO_URL_PREFIX)).toBe(true);
    const key = `${BUCKET}/expert-photos/${url.slice(PHOTO_URL_PREFIX.length)}`;

    const object = s3.objects.get(key);
    expect(object?.contentType).toBe('image/jpeg');
    expect(existsSync(join(t.config.DATA_DIR, 'expert-photos'))).toBe(false);
    expect(s3.requests.every((r) => r.signed)).toBe(true);

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.rawPayload.equals(object!.bytes)).toBe(true);

    const removed = await requester(t).delete(expert, '/api/workspace/photo');
    expect(removed.statusCode).toBe(200);
    expect(s3.objects.has(key)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});
