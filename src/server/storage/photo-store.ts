import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/** Where expert photos are kept: local disk here, an S3-compatible bucket in `s3-photo-store.ts`. */
export interface PhotoStore {
  /** Stores the bytes under a new name and answers the photo's public URL. */
  put(name: string, bytes: Buffer): Promise<string>;
  /** The bytes of a stored photo, or null. */
  get(name: string): Promise<Buffer | null>;
  /** Removes the photo behind one of this store's URLs; other URLs (the demo pictures) are left alone. */
  removeByUrl(url: string | null): Promise<void>;
}

/** Public URL prefix of stored photos; the name after it is all a reader needs. */
export const PHOTO_URL_PREFIX = '/api/expert-photos/';
/** Names the store writes: the expert id and a random part, so a new photo is a new URL (cached forever). */
export const PHOTO_NAME = /^\d{1,10}-[0-9a-f]{32}\.jpg$/;

/** Which photos a store holds: their folder (or bucket prefix), what `put` answers before a name, and the names allowed. */
export interface PhotoPlace {
  folder: string;
  /** The public URL prefix for expert photos; for private photos a reference only their own routes resolve. */
  urlPrefix: string;
  name: RegExp;
}

export const EXPERT_PHOTOS: PhotoPlace = { folder: 'expert-photos', urlPrefix: PHOTO_URL_PREFIX, name: PHOTO_NAME };

/** Photos under DATA_DIR/<place.folder>; expert photos are served by `GET /api/expert-photos/{name}`. */
export function localPhotoStore(dataDir: string, place: PhotoPlace = EXPERT_PHOTOS): PhotoStore {
  const folder = resolve(dataDir, place.folder);
  const pathOf = (name: string) => {
    // Names come from URLs and requests: only the store's own pattern may reach the file system.
    if (!place.name.test(name)) return null;
    return join(folder, name);
  };
  return {
    async put(name, bytes) {
      const path = pathOf(name);
      if (!path) throw new Error(`not a photo name: ${name}`);
      await mkdir(folder, { recursive: true });
      await writeFile(path, bytes);
      return `${place.urlPrefix}${name}`;
    },
    async get(name) {
      const path = pathOf(name);
      if (!path) return null;
      try {
        return await readFile(path);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async removeByUrl(url) {
      if (!url?.startsWith(place.urlPrefix)) return;
      const path = pathOf(url.slice(place.urlPrefix.length));
      if (path) await rm(path, { force: true });
    },
  };
}
