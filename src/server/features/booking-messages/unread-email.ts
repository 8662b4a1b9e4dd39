import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { bookingMessages, bookings } from '../../db/schema.js';
import { inTransaction, LOCKS } from '../../db/transaction.js';
import type { ServiceContext } from '../../core/service-context.js';
import { enqueueEmail } from '../../mail/email-job.js';
import type { MailMessage } from '../../mail/mailer.js';
import { PRODUCT_NAME } from '../../../common/brand.js';
import { MESSAGES_ANCHOR } from '../../../common/booking-messages.js';
import { selectBookingRecords, type BookingRecord } from '../bookings/index.js';
import type { MessageRow } from './read-messages.js';
import { notify } from '../notifications/index.js';

export const UNREAD_EMAIL_QUEUE = 'booking-message-unread-email';
export interface UnreadEmailJob {
  messageId: number;
}

type UnreadEmailDeps = Pick<ServiceContext, 'db' | 'jobs' | 'baseUrl'>;

const PREVIEW_LENGTH = 200;

export function defineUnreadEmailJob(deps: UnreadEmailDeps) {
  deps.jobs.define<UnreadEmailJob>(UNREAD_EMAIL_QUEUE, async ({ messageId }) => {
    await sendUnreadEmail(deps, messageId);
  });
}

/**
 * Runs 15 minutes after a message was sent. If it is still unread and no e-mail has covered it, the
 * recipient gets one e-mail for all their unread messages on the booking, and those are marked e-mailed.
 * While an e-mailed message stays unread, later messages send nothing more: one e-mail per unread
 * stretch, never one per message, and never twice for a message (also when the job is retried). Answers
 * whether an e-mail was enqueued.
 */
export async function sendUnreadEmail(deps: UnreadEmailDeps, messageId: number): Promise<boolean> {
  return inTransaction(deps.db, async (tx) => {
    const [first] = await tx.select().from(bookingMessages).where(eq(bookingMessages.id, messageId));
    if (!first || first.readAt || first.emailedAt) return false;
    // The jobs of one thread's messages take turns, so two of them cannot both decide to send.
    await tx.execute(
      sql`select pg_advisory_xact_lock(${LOCKS.unreadEmailOfThread}::int, hashtext(${first.bookingId} || ':' || ${first.recipientId}))`,
    );
    const unreadOfThread = and(
      eq(bookingMessages.bookingId, first.bookingId),
      eq(bookingMessages.recipientId, first.recipientId),
      isNull(bookingMessages.readAt),
    );
    const unread = await tx.select().from(bookingMessages).where(unreadOfThread).orderBy(asc(bookingMessages.id));
    const message = unread.find((row) => row.id === messageId);
    if (!message || message.emailedAt) return false;
    const alreadyTold = unread.some((row) => row.emailedAt !== null);
    await tx.update(bookingMessages).set({ emailedAt: sql`now()` }).where(and(unreadOfThread, isNull(bookingMessages.emailedAt)));
    if (alreadyTold) return false;
    const [record] = await selectBookingRecords(tx, eq(bookings.id, message.bookingId));
    const to = message.senderRole === 'owner' ? record?.expert.email : record?.owner.email;
    if (!record || !to) return false;
    const email = unreadEmail(record, unread, to, deps.baseUrl);
    await notify(deps.jobs, tx, [{ userId: message.recipientId, kind: 'messages_waiting', title: email.subject, body: waitingLine(record, unread), path: `/bookings/${record.booking.id}#${MESSAGES_ANCHOR}` }]);
    await enqueueEmail(deps.jobs, tx, { ...email, notice: { userId: message.recipientId, kind: 'messages_waiting' } });
    return true;
  });
}

/** 'Sam Owner sent you 2 messages, waiting unread.' */
function waitingLine(record: BookingRecord, unread: MessageRow[]): string {
  const latest = unread.at(-1)!;
  const sender = latest.senderRole === 'owner' ? record.owner.name : record.expert.name;
  return `${sender} sent you ${unread.length === 1 ? 'a message' : `${unread.length} messages`}, waiting unread.`;
}

function unreadEmail(record: BookingRecord, unread: MessageRow[], to: string, baseUrl: string): MailMessage {
  const latest = unread.at(-1)!;
  const sender = latest.senderRole === 'owner' ? record.owner.name : record.expert.name;
  const number = record.booking.number;
  const link = `${baseUrl}/bookings/${record.booking.id}#${MESSAGES_ANCHOR}`;
  const preview = latest.body
    ? `"${latest.body.length > PREVIEW_LENGTH ? `${latest.body.slice(0, PREVIEW_LENGTH)}...` : latest.body}"`
    : 'They sent a photo.';
  const count = unread.length === 1 ? 'a message' : `${unread.length} messages`;
  return {
    to,
    subject: `New message from ${sender} about booking #${number}`,
    text: [
      'Hello,',
      '',
      `${sender} sent you ${count} about booking #${number}, waiting unread for 15 minutes. The latest:`,
      '',
      preview,
      '',
      `Read and answer on the booking's page: ${link}`,
      '',
      `We send one e-mail until you have read them. - ${PRODUCT_NAME}`,
    ].join('\n'),
  };
}
