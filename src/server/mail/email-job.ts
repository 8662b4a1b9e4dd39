import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { users } from '../db/schema.js';
import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue, QueuedJob } from '../jobs/job-queue.js';
import { SMTP_CONNECTIONS, type EmailNotice, type MailMessage, type Mailer } from './mailer.js';

export const EMAIL_QUEUE = 'email-send';

/**
 * Whether the message may go to its address: any address without an account (a new address being
 * confirmed, say), a verified one, and an unverified one only for its account's safety e-mails. Decided
 * as it leaves, so an address verified meanwhile gets it, and one nobody proved gets nothing else: a
 * stranger who signs up with someone's address cannot use us to write to them (docs/PRODUCT.md#account-safety).
 */
export async function mayReceive(db: Database, message: MailMessage): Promise<boolean> {
  if (message.accountSafety) return true;
  const [account] = await db.select({ verified: users.emailVerified }).from(users).where(eq(users.email, message.to.trim().toLowerCase()));
  return !account || account.verified;
}

/**
 * What decides, as it leaves, whether a notification's e-mail is wanted, and how it is unsubscribed from
 * (the notifications feature's).
 */
export interface EmailPreferences {
  /** The message to send (with its unsubscribe headers and footer), or null when its recipient turned its kind off. */
  prepare(db: Database, message: MailMessage & { notice: EmailNotice }): Promise<MailMessage | null>;
}

/** E-mail always leaves through this job, never inside a request: a slow or failing SMTP server costs no one a wait. */
export function defineEmailJob(jobs: JobQueue, mailer: Mailer, db: Database, log: FastifyBaseLogger, preferences: EmailPreferences) {
  jobs.define<MailMessage>(
    EMAIL_QUEUE,
    async (queued) => {
      if (!(await mayReceive(db, queued))) {
        log.info({ mail: { subject: queued.subject } }, 'e-mail not sent: its address is not verified yet');
        return;
      }
      const message = queued.notice ? await preferences.prepare(db, { ...queued, notice: queued.notice }) : queued;
      if (!message) {
        log.info({ mail: { subject: queued.subject } }, 'e-mail not sent: its recipient turned this kind off');
        return;
      }
      return mailer.send(message);
    },
    { concurrency: SMTP_CONNECTIONS },
  );
}

/** Enqueues an e-mail; given a transaction, it is sent only if the transaction commits. */
export function enqueueEmail(jobs: JobQueue, db: Database, message: MailMessage): Promise<void> {
  return jobs.send(db, EMAIL_QUEUE, message);
}

/** E-mails as jobs, for a `JobQueue.insert` that enqueues them with others. */
export function emailJobs(messages: MailMessage[]): QueuedJob[] {
  return messages.map((message) => ({ name: EMAIL_QUEUE, data: message }));
}

/** Enqueues several e-mails in one statement, as `enqueueEmail` does one. */
export function enqueueEmails(jobs: JobQueue, db: Database, messages: MailMessage[]): Promise<void> {
  return jobs.insert(db, emailJobs(messages));
}
