import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { bookingMessages } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { normalizeUploadedImage } from '../../ai/image-upload.js';
import type { CurrentUser } from '../../../common/user.js';
import { UNREAD_EMAIL_DELAY_MS, type BookingMessage, type MessageLiveEvent } from '../../../common/booking-messages.js';
import type { PhotoPlace } from '../workspace/photo-store.js';
import type { MessageDeps } from './message-deps.js';
import { partyNames, type WritableThread } from './thread-access.js';
import { toBookingMessage } from './read-messages.js';
import { threadTopic } from './message-topics.js';
import { UNREAD_EMAIL_QUEUE, type UnreadEmailJob } from './unread-email.js';

/** Message photos: a random name each, in their own folder (or bucket prefix), never under a public URL. */
export const MESSAGE_PHOTOS: PhotoPlace = { folder: 'message-photos', urlPrefix: 'message-photos/', name: /^[0-9a-f]{32}\.jpg$/ };

interface NewMessage {
  body: string | null;
  photo?: { name: string; width: number; height: number };
}

/**
 * One transaction: the message, the job that e-mails the recipient if it is still unread in 15 minutes,
 * and the live event for the booking's open pages (delivered only once the message is committed).
 */
async function storeMessage(deps: MessageDeps, user: CurrentUser, access: WritableThread, content: NewMessage): Promise<BookingMessage> {
  return inTransaction(deps.db, async (tx) => {
    const [row] = await tx
      .insert(bookingMessages)
      .values({
        bookingId: access.record.booking.id,
        senderId: user.id,
        senderRole: access.role,
        recipientId: access.recipientId,
        body: content.body,
        photoName: content.photo?.name ?? null,
        photoWidth: content.photo?.width ?? null,
        photoHeight: content.photo?.height ?? null,
      })
      .returning();
    const message = toBookingMessage(row!, partyNames(access.record));
    // pg-boss starts jobs by the database's clock, which also stamped created_at.
    await deps.jobs.send<UnreadEmailJob>(tx, UNREAD_EMAIL_QUEUE, { messageId: row!.id }, {
      startAfter: new Date(row!.createdAt.getTime() + UNREAD_EMAIL_DELAY_MS),
    });
    await deps.fanout.publish(tx, threadTopic(message.bookingId), { type: 'message', message } satisfies MessageLiveEvent);
    return message;
  });
}

/** Sends a text on a thread the caller may write to (`writableThread`, checked by the caller). */
export function sendTextMessage(deps: MessageDeps, user: CurrentUser, access: WritableThread, text: string): Promise<BookingMessage> {
  return storeMessage(deps, user, access, { body: text });
}

/**
 * The photo's real type is read from its bytes, then it is re-encoded as a JPEG of at most 1600 px without
 * metadata (location), stored under a random name, and sent with its caption. The caller has already
 * refused outsiders and closed threads (`writableThread`), before reading the upload.
 */
export async function sendPhotoMessage(deps: MessageDeps, user: CurrentUser, access: WritableThread, upload: Buffer, caption: string | undefined): Promise<BookingMessage> {
  const image = await normalizeUploadedImage(upload);
  const { width, height } = await sizeOf(image.jpeg);
  const name = `${randomBytes(16).toString('hex')}.jpg`;
  const reference = await deps.photos.put(name, image.jpeg);
  try {
    return await storeMessage(deps, user, access, { body: caption || null, photo: { name, width, height } });
  } catch (error) {
    await deps.photos.removeByUrl(reference);
    throw error;
  }
}

/** The re-encoded photo's own size (the upload's may be larger, or turned). */
async function sizeOf(jpeg: Buffer): Promise<{ width: number; height: number }> {
  const { width = 0, height = 0 } = await sharp(jpeg).metadata();
  return { width, height };
}
