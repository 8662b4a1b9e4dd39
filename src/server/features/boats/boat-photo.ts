import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { boats } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { writeAudit } from '../../audit/audit-log.js';
import { AppError } from '../../core/app-error.js';
import type { ServiceContext } from '../../core/service-context.js';
import { normalizeUploadedImage } from '../../ai/image-upload.js';
import type { PhotoPlace, PhotoStore } from '../../storage/photo-store.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { Boat } from '../../../common/boats.js';
import type { CurrentUser } from '../../../common/user.js';
import { boatAccess, toBoat } from './boat-record.js';

/** Boat photos: a random name each, in their own folder (or bucket prefix), served only by the boat's photo route. */
export const BOAT_PHOTOS: PhotoPlace = { folder: 'boat-photos', urlPrefix: 'boat-photos/', name: /^[0-9a-f]{32}\.jpg$/ };

const nameOf = (reference: string | null) => reference?.slice(BOAT_PHOTOS.urlPrefix.length) ?? null;
const referenceOf = (name: string | null) => (name ? `${BOAT_PHOTOS.urlPrefix}${name}` : null);

/**
 * The photo pipeline of every upload: the real type from the bytes, re-encoded as a JPEG of at most
 * 1600 px with its location and camera details dropped, stored, then the boat pointed at it in one
 * transaction with its audit entry; the old photo is removed once that has committed.
 */
export async function setBoatPhoto(deps: ServiceContext, store: PhotoStore, user: CurrentUser, boatId: string, upload: Buffer | null): Promise<Boat> {
  await boatAccess(deps.db, user, boatId);
  const image = upload ? await normalizeUploadedImage(upload) : null;
  const reference = image ? await store.put(`${randomBytes(16).toString('hex')}.jpg`, image.jpeg) : null;
  try {
    const { boat, previous } = await inTransaction(deps.db, async (tx) => {
      const { row } = await boatAccess(tx, user, boatId, { forUpdate: true });
      const [after] = await tx.update(boats).set({ photoName: nameOf(reference) }).where(eq(boats.id, row.id)).returning();
      await writeAudit(tx, {
        actorUserId: user.id,
        actorRole: 'owner',
        action: reference ? 'boat.photo_set' : 'boat.photo_remove',
        entityType: 'boat',
        entityId: row.id,
        before: { photo: row.photoName },
        after: { photo: after!.photoName },
      });
      return { boat: toBoat(after!), previous: referenceOf(row.photoName) };
    });
    await store.removeByUrl(previous);
    return boat;
  } catch (error) {
    await store.removeByUrl(reference);
    throw error;
  }
}

/** The boat's photo for its owner or an administrator; 404 when there is none. */
export async function readBoatPhoto(deps: ServiceContext, store: PhotoStore, user: CurrentUser, boatId: string): Promise<Buffer> {
  const { row } = await boatAccess(deps.db, user, boatId, { admins: true });
  const bytes = row.photoName ? await store.get(row.photoName) : null;
  if (!bytes) throw new AppError('NOT_FOUND', 'Photo not found');
  return bytes;
}

/** Removes the photo file of a boat that is gone (after its removal has committed). */
export function removeBoatPhotoFile(store: PhotoStore, photoName: string | null): Promise<void> {
  return store.removeByUrl(referenceOf(photoName));
}

export const BOAT_PHOTO_REMOVAL_QUEUE = 'boat-photo-removal';

/** Removes the photo files of boats deleted with their owner's account, once that has committed. */
export function defineBoatPhotoRemoval(jobs: JobQueue, store: PhotoStore) {
  jobs.define<{ photoName: string }>(BOAT_PHOTO_REMOVAL_QUEUE, ({ photoName }) => removeBoatPhotoFile(store, photoName));
}
