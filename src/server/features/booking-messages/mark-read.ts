import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import { bookingMessages } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../core/app-error.js';
import type { CurrentUser } from '../../../common/user.js';
import type { MessageLiveEvent } from '../../../common/booking-messages.js';
import type { MessageDeps } from './message-deps.js';
import { ADMIN_READ_ONLY, threadAccess } from './thread-access.js';
import { threadTopic } from './message-topics.js';

/**
 * Marks the caller's messages of the booking up to `upToId` as read (what their screen has shown), and
 * tells the booking's open pages, so the sender sees 'Seen'. An administrator reading changes nothing.
 */
export async function markMessagesRead(deps: MessageDeps, user: CurrentUser, bookingId: string, upToId: number): Promise<{ marked: number }> {
  const access = await threadAccess(deps.db, user, bookingId);
  if (access.role === 'admin') throw new AppError('FORBIDDEN', ADMIN_READ_ONLY);
  return inTransaction(deps.db, async (tx) => {
    const marked = await tx
      .update(bookingMessages)
      .set({ readAt: sql`now()` })
      .where(
        and(
          eq(bookingMessages.bookingId, access.record.booking.id),
          eq(bookingMessages.recipientId, user.id),
          isNull(bookingMessages.readAt),
          lte(bookingMessages.id, upToId),
        ),
      )
      .returning({ id: bookingMessages.id, readAt: bookingMessages.readAt });
    if (marked.length > 0) {
      const event: MessageLiveEvent = {
        type: 'read',
        readerId: user.id,
        upToId: Math.max(...marked.map((m) => m.id)),
        readAt: marked[0]!.readAt!.toISOString(),
      };
      await deps.fanout.publish(tx, threadTopic(access.record.booking.id), event);
    }
    return { marked: marked.length };
  });
}
