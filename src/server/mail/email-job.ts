import type { Database } from '../db/client.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { SMTP_CONNECTIONS, type MailMessage, type Mailer } from './mailer.js';

const EMAIL_QUEUE = 'email-send';

/** E-mail always leaves through this job, never inside a request: a slow or failing SMTP server costs no one a wait. */
export function defineEmailJob(jobs: JobQueue, mailer: Mailer) {
  jobs.define<MailMessage>(EMAIL_QUEUE, (message) => mailer.send(message), { concurrency: SMTP_CONNECTIONS });
}

/** Enqueues an e-mail; given a transaction, it is sent only if the transaction commits. */
export function enqueueEmail(jobs: JobQueue, db: Database, message: MailMessage): Promise<void> {
  return jobs.send(db, EMAIL_QUEUE, message);
}
