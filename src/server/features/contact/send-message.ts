import { and, eq, isNull } from 'drizzle-orm';
import type { ServiceContext } from '../../core/service-context.js';
import { contactMessages, users } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { writeAudit } from '../../audit/audit-log.js';
import { AppError } from '../../core/app-error.js';
import { consumeRequestLimit } from '../../http/request-limiter.js';
import { enqueueEmails } from '../../mail/email-job.js';
import type { MailMessage } from '../../mail/mailer.js';
import { bookingAccess } from '../bookings/index.js';
import {
  CONTACT_EMAIL_REQUIRED,
  CONTACT_LIMIT,
  TOO_MANY_CONTACT_MESSAGES,
  type ContactMessageValues,
  type ContactSent,
} from '../../../common/contact.js';
import type { CurrentUser } from '../../../common/user.js';
import { contactReceivedEmail, contactWaitingEmail } from './contact-emails.js';

/**
 * Files a 'Contact Us' message with its audit entry and e-mails, in one transaction. A signed-in sender is
 * answered at their account's address and gets an acknowledgement; a signed-out one is known only by the
 * address they typed, which could be anyone's, so nothing is sent to it now (docs/PRODUCT.md#contact-us).
 */
export async function sendContactMessage(
  services: ServiceContext,
  sender: { user: CurrentUser | null; clientAddress: string },
  input: ContactMessageValues,
): Promise<ContactSent> {
  const { user } = sender;
  const email = user ? user.email : input.email;
  if (!email) throw AppError.onField('email', CONTACT_EMAIL_REQUIRED);
  const bookingId = user && input.bookingId ? input.bookingId : null;
  // Only a party's own booking: anyone else's answers as an unknown booking does.
  if (bookingId) await bookingAccess(services.db, user!, bookingId, { only: ['owner', 'expert'] });

  const now = services.now().getTime();
  const limit = { ...CONTACT_LIMIT, message: TOO_MANY_CONTACT_MESSAGES, now };
  if (user) await consumeRequestLimit(services.db, { key: `contact:user:${user.id}`, ...limit });
  await consumeRequestLimit(services.db, { key: `contact:address:${sender.clientAddress}`, ...limit });

  return inTransaction(services.db, async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ userId: user?.id ?? null, email, topic: input.topic, message: input.message, bookingId })
      .returning({ id: contactMessages.id });
    const id = row!.id;
    await writeAudit(tx, {
      actorUserId: user?.id ?? null,
      actorRole: 'user',
      action: 'contact.sent',
      entityType: 'contact_message',
      entityId: String(id),
      after: { topic: input.topic, bookingId, signedIn: !!user },
    });
    const admins = await tx
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.status, 'active'), isNull(users.deletedAt)));
    const mail: MailMessage[] = admins.map((admin) =>
      contactWaitingEmail({ to: admin.email, id, topic: input.topic, signedIn: !!user, baseUrl: services.baseUrl }),
    );
    if (user) mail.push(contactReceivedEmail({ to: user.email, id, topic: input.topic, message: input.message }));
    await enqueueEmails(services.jobs, tx, mail);
    return { id, acknowledged: !!user };
  });
}
