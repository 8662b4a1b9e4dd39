import type { Database } from '../db/client.js';
import type { JobQueue, QueuedJob } from '../jobs/job-queue.js';
import { SMTP_CONNECTIONS, type MailMessage, type Mailer } from './mailer.js';

export const EMAIL_QUEUE = 'email-send';

/** E-mail always leaves through this job, never inside a request: a slow or failing SMTP server costs no one a wait. */
export function defineEmailJob(jobs: JobQueue, mailer: Mailer) {
  jobs.define<MailMessage>(EMAIL_QUEUE, (message) => mailer.send(message), { concurrency: SMTP_CONNECTIONS });
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
