import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { experts, helpRequests, helpRings } from '../../db/schema.js';
import { AppError } from '../../core/app-error.js';
import { normalizeUploadedImage } from '../../ai/image-upload.js';
import type { PhotoPlace } from '../../storage/photo-store.js';
import type { CurrentUser } from '../../../common/user.js';
import { HELP_REQUEST_NOT_FOUND, REQUEST_NOT_OPEN, type HelpRequest } from '../../../common/help-now.js';
import { announceChange, describeRequest, ownRequest } from './help-requests.js';
import type { HelpNowDeps } from './help-deps.js';
import { inTransaction } from '../../db/transaction.js';

/** A request's photo: a random name, its own folder, never a public URL. */
export const HELP_PHOTOS: PhotoPlace = { folder: 'help-photos', urlPrefix: 'help-photos/', name: /^[0-9a-f]{32}\.jpg$/ };

/**
 * The owner adds a photo to a request still ringing: read as an image by its bytes, re-encoded without
 * metadata (the boat's location is already in the request, on purpose; a photo's own is not), and shown
 * on the rings.
 */
export async function setHelpPhoto(deps: HelpNowDeps, user: CurrentUser, requestId: string, upload: Buffer): Promise<HelpRequest> {
  const mine = await ownRequest(deps.db, user, requestId);
  if (mine.status !== 'ringing' || mine.photoName) throw new AppError('CONFLICT', mine.photoName ? 'This request already has its photo.' : REQUEST_NOT_OPEN);
  const image = await normalizeUploadedImage(upload);
  const name = `${randomBytes(16).toString('hex')}.jpg`;
  const reference = await deps.photos.put(name, image.jpeg);
  const row = await inTransaction(deps.db, async (tx) => {
    const [updated] = await tx
      .update(helpRequests)
      .set({ photoName: name })
      .where(and(eq(helpRequests.id, mine.id), eq(helpRequests.status, 'ringing'), isNull(helpRequests.photoName)))
      .returning();
    if (updated) await announceChange(deps, tx, updated.id);
    return updated;
  });
  if (!row) {
    await deps.photos.removeByUrl(reference);
    throw new AppError('CONFLICT', REQUEST_NOT_OPEN);
  }
  return describeRequest(deps.db, row);
}

/** The photo, for the request's owner and the experts it rang; anyone else gets the request's 404. */
export async function readHelpPhoto(deps: HelpNowDeps, user: CurrentUser, requestId: string): Promise<Buffer> {
  if (!/^[0-9a-f-]{36}$/i.test(requestId)) throw new AppError('NOT_FOUND', HELP_REQUEST_NOT_FOUND);
  const [row] = await deps.db.select().from(helpRequests).where(eq(helpRequests.id, requestId));
  if (!row || !(await mayView(deps.db, user, row.userId, requestId))) throw new AppError('NOT_FOUND', HELP_REQUEST_NOT_FOUND);
  const bytes = row.photoName ? await deps.photos.get(row.photoName) : null;
  if (!bytes) throw new AppError('NOT_FOUND', 'Photo not found');
  return bytes;
}

async function mayView(db: Database, user: CurrentUser, ownerId: string, requestId: string): Promise<boolean> {
  if (user.id === ownerId || user.role === 'admin') return true;
  const [ring] = await db
    .select({ expertId: helpRings.expertId })
    .from(helpRings)
    .innerJoin(experts, eq(experts.id, helpRings.expertId))
    .where(and(eq(helpRings.requestId, requestId), eq(experts.userId, user.id)));
  return !!ring;
}
