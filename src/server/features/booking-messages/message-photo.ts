import { and, eq, isNotNull } from 'drizzle-orm';
import { bookingMessages } from '../../db/schema.js';
import { AppError } from '../../core/app-error.js';
import type { MessageDeps } from './message-deps.js';

/** The stored JPEG of a photo message of this booking (the caller's access already checked), else 404. */
export async function readMessagePhoto(deps: MessageDeps, bookingId: string, messageId: number): Promise<Buffer> {
  const [row] = await deps.db
    .select({ photoName: bookingMessages.photoName })
    .from(bookingMessages)
    .where(and(eq(bookingMessages.id, messageId), eq(bookingMessages.bookingId, bookingId), isNotNull(bookingMessages.photoName)));
  const bytes = row?.photoName ? await deps.photos.get(row.photoName) : null;
  if (!bytes) throw new AppError('NOT_FOUND', 'Photo not found');
  return bytes;
}
