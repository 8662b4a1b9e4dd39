import type { Config } from '../config.js';
import { EXPERT_PHOTOS, localPhotoStore, type PhotoPlace, type PhotoStore } from './photo-store.js';
import { s3PhotoStore } from './s3-photo-store.js';

/** Photos (expert photos, message photos) go to the S3-compatible bucket when S3_BUCKET is set, else under DATA_DIR. */
export async function openPhotoStore(config: Config, place: PhotoPlace = EXPERT_PHOTOS): Promise<PhotoStore> {
  if (!config.S3_BUCKET) return localPhotoStore(config.DATA_DIR, place);
  return s3PhotoStore({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    // loadConfig refuses S3_BUCKET without both keys.
    accessKeyId: config.S3_ACCESS_KEY_ID!,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  }, place);
}
