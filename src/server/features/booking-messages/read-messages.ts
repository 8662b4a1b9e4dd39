import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { bookingMessages } from '../../db/schema.js';
import type { CurrentUser } from '../../../common/user.js';
import type { BookingMessage, MessageThread, MessagesQuery, UnreadCounts } from '../../../common/booking-messages.js';
import { partyNames, threadAccess } from './thread-access.js';

export type MessageRow = typeof bookingMessages.$inferSelect;

/** Where a message's photo is served: behind the booking's own access check, never a public path. */
export function messagePhotoUrl(bookingId: string, messageId: number): string {
  return `/api/bookings/${bookingId}/messages/${messageId}/photo`;
}

export function toBookingMessage(row: MessageRow, names: { owner: string; expert: string }): BookingMessage {
  return {
    id: row.id,
    bookingId: row.bookingId,
    senderId: row.senderId,
    senderRole: row.senderRole,
    senderName: names[row.senderRole],
    text: row.body,
    photo: row.photoName ? { url: messagePhotoUrl(row.bookingId, row.id), width: row.photoWidth ?? 0, height: row.photoHeight ?? 0 } : null,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

/** One page of a booking's thread, oldest first: the newest page, or the one before message `before`. */
export async function listMessages(db: Database, user: CurrentUser, bookingId: string, query: MessagesQuery): Promise<MessageThread> {
  const access = await threadAccess(db, user, bookingId);
  const rows = await db
    .select()
    .from(bookingMessages)
    .where(and(eq(bookingMessages.bookingId, access.record.booking.id), query.before ? lt(bookingMessages.id, query.before) : undefined))
    .orderBy(desc(bookingMessages.id))
    // One more than the page tells whether older messages exist.
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit).reverse();
  const names = partyNames(access.record);
  return {
    messages: page.map((row) => toBookingMessage(row, names)),
    hasOlder: rows.length > query.limit,
    viewer: { role: access.role, canWrite: access.canWrite, closedReason: access.closedReason },
  };
}

/** The caller's unread messages: in all, and per booking (most recent first), from the partial unread index. */
export async function unreadCounts(db: Database, user: CurrentUser): Promise<UnreadCounts> {
  const rows = await db
    .select({ bookingId: bookingMessages.bookingId, count: sql<number>`count(*)::int` })
    .from(bookingMessages)
    .where(and(eq(bookingMessages.recipientId, user.id), isNull(bookingMessages.readAt)))
    .groupBy(bookingMessages.bookingId)
    .orderBy(sql`max(${bookingMessages.id}) desc`);
  return {
    total: rows.reduce((sum, row) => sum + row.count, 0),
    bookings: rows.map((row) => ({ bookingId: row.bookingId, count: row.count })),
  };
}
