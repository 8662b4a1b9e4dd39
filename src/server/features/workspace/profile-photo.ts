import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { fileTypeFromBuffer } from 'file-type';
import type { Database } from '../../db/client.js';
import { experts } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { writeAudit } from '../../audit/audit-log.js';
import { AppError } from '../../core/app-error.js';
import { imageWork, MAX_INPUT_PIXELS } from '../../ai/image-upload.js';
import type { CurrentUser } from '../../../common/user.js';
import type { WorkspaceProfile } from '../../../common/workspace.js';
import { ownExpert } from './own-expert.js';
import type { PhotoStore } from '../../storage/photo-store.js';
import { toWorkspaceProfile } from './workspace-profile.js';

/** Profile photos show at most 256 px wide (twice that for sharp screens). */
const PHOTO_EDGE = 512;
export const NOT_AN_IMAGE = 'Please choose a JPEG, PNG or WebP photo';
const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/webp']);

/**
 * The upload's real type from its bytes, then a square JPEG of 512 px, turned upright; sharp writes no
 * metadata unless asked, so camera details and location are gone.
 */
export async function normalizeProfilePhoto(bytes: Buffer): Promise<Buffer> {
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !ACCEPTED.has(type.mime)) throw AppError.onField('photo', NOT_AN_IMAGE);
  try {
    return await imageWork.run(() =>
      sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
        .rotate()
        .resize({ width: PHOTO_EDGE, height: PHOTO_EDGE, fit: 'cover', position: 'attention', withoutEnlargement: false })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 82, mozjpeg: true })
        .toBuffer(),
    );
  } catch (error) {
    if (error instanceof AppError) throw error;
    const message = error instanceof Error ? error.message : '';
    if (/pixel limit/i.test(message)) {
      throw new AppError('PAYLOAD_TOO_LARGE', 'This photo has too many pixels. Please send one under 40 megapixels.');
    }
    throw new AppError('BAD_REQUEST', 'This photo could not be read. Please send another JPEG, PNG or WebP photo.', { photo: NOT_AN_IMAGE });
  }
}

/** Stores the new photo, points the profile at it and removes the old one once the change is committed. */
export async function setProfilePhoto(db: Database, store: PhotoStore, user: CurrentUser, upload: Buffer): Promise<WorkspaceProfile> {
  const jpeg = await normalizeProfilePhoto(upload);
  const expert = await ownExpert(db, user.id);
  const url = await store.put(`${expert.id}-${randomBytes(16).toString('hex')}.jpg`, jpeg);
  try {
    const { row, previous } = await changePhoto(db, user, url, 'expert.photo_updated');
    await store.removeByUrl(previous);
    return toWorkspaceProfile(row);
  } catch (error) {
    await store.removeByUrl(url);
    throw error;
  }
}

export async function removeProfilePhoto(db: Database, store: PhotoStore, user: CurrentUser): Promise<WorkspaceProfile> {
  const { row, previous } = await changePhoto(db, user, null, 'expert.photo_removed');
  await store.removeByUrl(previous);
  return toWorkspaceProfile(row);
}

async function changePhoto(db: Database, user: CurrentUser, url: string | null, action: string) {
  return inTransaction(db, async (tx) => {
    const current = await ownExpert(tx, user.id, { forUpdate: true });
    const [row] = await tx.update(experts).set({ profileImage: url }).where(eq(experts.id, current.id)).returning();
    await writeAudit(tx, {
      actorUserId: user.id,
      actorRole: 'expert',
      action,
      entityType: 'expert',
      entityId: String(current.id),
      before: { profileImage: current.profileImage },
      after: { profileImage: url },
    });
    return { row: row!, previous: current.profileImage };
  });
}
