import { asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { ServiceContext } from '../../core/service-context.js';
import { bookings, contactMessages, contactReplies, users } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { writeAudit } from '../../audit/audit-log.js';
import { AppError } from '../../core/app-error.js';
import { enqueueEmail } from '../../mail/email-job.js';
import {
  CONFIRM_TYPED_ADDRESS,
  CONTACT_MESSAGE_CLOSED,
  CONTACT_MESSAGE_NOT_FOUND,
  type ContactMessageView,
  type ContactStatus,
} from '../../../common/contact.js';
import type { CurrentUser } from '../../../common/user.js';
import { displayName } from '../../../common/user-display.js';
import { contactReplyEmail } from './contact-emails.js';

/** The administrators' queue of 'Contact Us' messages (docs/PRODUCT.md#contact-us). */

/** The most a list answers: the queue is worked from the oldest open message. */
const LIST_LIMIT = 200;

async function viewsOf(db: Database, where: SQL, order: 'oldest' | 'newest'): Promise<ContactMessageView[]> {
  const rows = await db
    .select({
      message: contactMessages,
      // A signed-in sender's replies go to their account's address as it is now.
      accountEmail: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      bookingNumber: bookings.number,
    })
    .from(contactMessages)
    .leftJoin(users, eq(users.id, contactMessages.userId))
    .leftJoin(bookings, eq(bookings.id, contactMessages.bookingId))
    .where(where)
    .orderBy(order === 'oldest' ? asc(contactMessages.id) : desc(contactMessages.id))
    .limit(LIST_LIMIT);
  const ids = rows.map((row) => row.message.id);
  const replies = ids.length
    ? await db
        .select({ reply: contactReplies, firstName: users.firstName, lastName: users.lastName })
        .from(contactReplies)
        .leftJoin(users, eq(users.id, contactReplies.adminId))
        .where(inArray(contactReplies.messageId, ids))
        .orderBy(asc(contactReplies.id))
    : [];
  return rows.map(({ message, accountEmail, firstName, lastName, bookingNumber }) => ({
    id: message.id,
    status: message.status,
    topic: message.topic,
    message: message.message,
    email: accountEmail ?? message.email,
    signedIn: message.userId !== null,
    senderName: message.userId ? displayName({ firstName, lastName }) : null,
    booking: message.bookingId && bookingNumber !== null ? { id: message.bookingId, number: bookingNumber } : null,
    createdAt: message.createdAt.toISOString(),
    replies: replies
      .filter(({ reply }) => reply.messageId === message.id)
      .map(({ reply, firstName: adminFirst, lastName: adminLast }) => ({
        id: reply.id,
        body: reply.body,
        adminName: displayName({ firstName: adminFirst, lastName: adminLast }),
        sentTo: reply.sentTo,
        createdAt: reply.createdAt.toISOString(),
      })),
  }));
}

/** Open messages oldest first (the next to answer on top); answered and closed ones newest first. */
export function listContactMessages(db: Database, status: ContactStatus): Promise<ContactMessageView[]> {
  return viewsOf(db, eq(contactMessages.status, status), status === 'open' ? 'oldest' : 'newest');
}

export async function readContactMessage(db: Database, id: number): Promise<ContactMessageView> {
  const [view] = await viewsOf(db, eq(contactMessages.id, id), 'oldest');
  if (!view) throw new AppError('NOT_FOUND', CONTACT_MESSAGE_NOT_FOUND);
  return view;
}

async function lockMessage(tx: Database, id: number) {
  const [row] = await tx
    .select({ message: contactMessages, accountEmail: users.email })
    .from(contactMessages)
    .leftJoin(users, eq(users.id, contactMessages.userId))
    .where(eq(contactMessages.id, id))
    .for('update', { of: contactMessages });
  if (!row) throw new AppError('NOT_FOUND', CONTACT_MESSAGE_NOT_FOUND);
  return row;
}

/**
 * Answers a message by e-mail and marks it answered. A signed-out sender's address is only what they
 * typed: it is e-mailed only when the administrator says so (`toTypedAddress`), having read the message.
 */
export async function replyToContactMessage(
  services: ServiceContext,
  admin: CurrentUser,
  id: number,
  input: { body: string; toTypedAddress?: boolean },
): Promise<ContactMessageView> {
  await inTransaction(services.db, async (tx) => {
    const { message, accountEmail } = await lockMessage(tx, id);
    if (message.status === 'closed') throw new AppError('CONFLICT', CONTACT_MESSAGE_CLOSED);
    const signedIn = message.userId !== null && accountEmail !== null;
    if (!signedIn && input.toTypedAddress !== true) throw AppError.onField('toTypedAddress', CONFIRM_TYPED_ADDRESS);
    const sentTo = signedIn ? accountEmail : message.email;
    const [reply] = await tx.insert(contactReplies).values({ messageId: id, adminId: admin.id, body: input.body, sentTo }).returning({ id: contactReplies.id });
    await tx.update(contactMessages).set({ status: 'answered' }).where(eq(contactMessages.id, id));
    await writeAudit(tx, {
      actorUserId: admin.id,
      actorRole: 'admin',
      action: 'contact.replied',
      entityType: 'contact_message',
      entityId: String(id),
      before: { status: message.status },
      after: { status: 'answered', replyId: reply!.id, toTypedAddress: !signedIn },
    });
    await enqueueEmail(services.jobs, tx, contactReplyEmail({ to: sentTo, id, reply: input.body, message: message.message }));
  });
  return readContactMessage(services.db, id);
}

/** Closes a message: nothing more to do (answered, or needing no answer). */
export async function closeContactMessage(services: ServiceContext, admin: CurrentUser, id: number): Promise<ContactMessageView> {
  await inTransaction(services.db, async (tx) => {
    const { message } = await lockMessage(tx, id);
    if (message.status === 'closed') return;
    await tx.update(contactMessages).set({ status: 'closed' }).where(eq(contactMessages.id, id));
    await writeAudit(tx, {
      actorUserId: admin.id,
      actorRole: 'admin',
      action: 'contact.closed',
      entityType: 'contact_message',
      entityId: String(id),
      before: { status: message.status },
      after: { status: 'closed' },
    });
  });
  return readContactMessage(services.db, id);
}
