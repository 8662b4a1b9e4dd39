import { EXPERT_PHOTOS, type PhotoPlace, type PhotoStore } from './photo-store.js';

export interface S3PhotoStoreOptions {
  bucket: string;
  region: string;
  /** The S3 API's address for MinIO, R2 and the like; unset means AWS. */
  endpoint?: string | undefined;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` rather than `bucket.endpoint/key`. */
  forcePathStyle: boolean;
}


/**
 * Photos in an S3-compatible bucket under `<place.folder>/` (`expert-photos/` by default). The URLs are the local store's
 * (`/api/expert-photos/{name}`), so our route still serves them and the bucket can stay private.
 */
export async function s3PhotoStore(options: S3PhotoStoreOptions, place: PhotoPlace = EXPERT_PHOTOS): Promise<PhotoStore> {
  // Loaded only when a bucket is configured: a server that never uses one spends no memory on the SDK.
  const { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } = await import('@aws-sdk/client-s3');
  const isMissing = (error: unknown) =>
    error instanceof NoSuchKey ||
    (error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404));
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // Only the checksums S3 requires: several S3-compatible services refuse the newer optional ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;
  // Names come from URLs and requests: only the store's own pattern may reach the bucket.
  const keyOf = (name: string) => (place.name.test(name) ? `${place.folder}/${name}` : null);

  return {
    async put(name, bytes) {
      const Key = keyOf(name);
      if (!Key) throw new Error(`not a photo name: ${name}`);
      await client.send(
        new PutObjectCommand({ Bucket, Key, Body: bytes, ContentType: 'image/jpeg', CacheControl: 'public, max-age=31536000, immutable' }),
      );
      return `${place.urlPrefix}${name}`;
    },
    async get(name) {
      const Key = keyOf(name);
      if (!Key) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key }));
        if (!object.Body) return null;
        return Buffer.from(await object.Body.transformToByteArray());
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async removeByUrl(url) {
      if (!url?.startsWith(place.urlPrefix)) return;
      const Key = keyOf(url.slice(place.urlPrefix.length));
      if (Key) await client.send(new DeleteObjectCommand({ Bucket, Key }));
    },
  };
}
