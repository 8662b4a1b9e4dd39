import { createHash, randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { and, eq } from 'drizzle-orm';
import { bookingMessages } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { idempotentWrite } from '../../idempotency/idempotent-write.js';
import { normalizeUploadedImage } from '../../ai/image-upload.js';
import type { CurrentUser } from '../../../common/user.js';
import { UNREAD_EMAIL_DELAY_MS, type BookingMessage, type MessageLiveEvent } from '../../../common/booking-messages.js';
import type { PhotoPlace } from '../../storage/photo-store.js';
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

/** A sent message, and whether it is the answer to an earlier request with the same Idempotency-Key. */
export interface SentMessage {
  message: BookingMessage;
  replayed: boolean;
}

/**
 * One transaction: the message, the job that e-mails the recipient if it is still unread in 15 minutes,
 * and the live event for the booking's open pages (delivered only once the message is committed). With an
 * idempotency key, a retry of the same request (`request`: what was sent, and to which booking) answers
 * the message the first one stored.
 */
async function storeMessage(
  deps: MessageDeps,
  user: CurrentUser,
  access: WritableThread,
  content: NewMessage,
  idempotency: { key: string | undefined; request: unknown },
): Promise<SentMessage> {
  const bookingId = access.record.booking.id;
  const names = partyNames(access.record);
  return inTransaction(deps.db, async (tx) => {
    const { answer, replayed } = await idempotentWrite(
      tx,
      { userId: user.id, key: idempotency.key, request: ['POST /api/bookings/:id/messages', bookingId, idempotency.request] },
      async () => {
        const [row] = await tx
          .insert(bookingMessages)
          .values({
            bookingId,
            senderId: user.id,
            senderRole: access.role,
            recipientId: access.recipientId,
            body: content.body,
            photoName: content.photo?.name ?? null,
            photoWidth: content.photo?.width ?? null,
            photoHeight: content.photo?.height ?? null,
          })
          .returning();
        const message = toBookingMessage(row!, names);
        // pg-boss starts jobs by the database's clock, which also stamped created_at.
        await deps.jobs.send<UnreadEmailJob>(tx, UNREAD_EMAIL_QUEUE, { messageId: row!.id }, {
          startAfter: new Date(row!.createdAt.getTime() + UNREAD_EMAIL_DELAY_MS),
        });
        await deps.fanout.publish(tx, threadTopic(bookingId), { type: 'message', message } satisfies MessageLiveEvent);
        return { id: String(row!.id), answer: message };
      },
      async (id) => {
        const [row] = await tx
          .select()
          .from(bookingMessages)
          .where(and(eq(bookingMessages.id, Number(id)), eq(bookingMessages.bookingId, bookingId)));
        return row ? toBookingMessage(row, names) : null;
      },
    );
    return { message: answer, replayed };
  });
}

/** Sends a text on a thread the caller may write to (`writableThread`, checked by the caller). */
export function sendTextMessage(deps: MessageDeps, user: CurrentUser, access: WritableThread, text: string, idempotencyKey?: string): Promise<SentMessage> {
  return storeMessage(deps, user, access, { body: text }, { key: idempotencyKey, request: { text } });
}

/**
 * The photo's real type is read from its bytes, then it is re-encoded as a JPEG of at most 1600 px without
 * metadata (location), stored under a random name, and sent with its caption. The caller has already
 * refused outsiders and closed threads (`writableThread`), before reading the upload. A retry with the
 * same key answers the first message, and the retry's own copy of the photo is removed.
 */
export async function sendPhotoMessage(
  deps: MessageDeps,
  user: CurrentUser,
  access: WritableThread,
  upload: Buffer,
  caption: string | undefined,
  idempotencyKey?: string,
): Promise<SentMessage> {
  // The upload as sent identifies the request; the re-encoded JPEG need not come out byte for byte the same.
  const request = { photo: createHash('sha256').update(upload).digest('hex'), caption: caption ?? null };
  const image = await normalizeUploadedImage(upload);
  const { width, height } = await sizeOf(image.jpeg);
  const name = `${randomBytes(16).toString('hex')}.jpg`;
  const reference = await deps.photos.put(name, image.jpeg);
  let sent: SentMessage;
  try {
    sent = await storeMessage(deps, user, access, { body: caption || null, photo: { name, width, height } }, { key: idempotencyKey, request });
  } catch (error) {
    await deps.photos.removeByUrl(reference);
    throw error;
  }
  if (sent.replayed) await deps.photos.removeByUrl(reference);
  return sent;
}

/** The re-encoded photo's own size (the upload's may be larger, or turned). */
async function sizeOf(jpeg: Buffer): Promise<{ width: number; height: number }> {
  const { width = 0, height = 0 } = await sharp(jpeg).metadata();
  return { width, height };
}
