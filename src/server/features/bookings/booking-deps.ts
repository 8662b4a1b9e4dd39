import type { Database } from '../../db/client.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { enqueueEmail } from '../../mail/email-job.js';
import { expertEmail, ownerEmail, type BookingEmailEvent } from './booking-emails.js';
import type { BookingRecord } from './booking-record.js';

/** What the booking services need besides their arguments. */
export interface BookingDeps {
  db: Database;
  jobs: JobQueue;
  baseUrl: string;
  /** MAIL_FROM, 'K&B Marine <no-reply@kbmarine.local>': its address organises the calendar invites. */
  mailFrom: string;
  now(): Date;
}

export const REFUND_QUEUE = 'payment-refund';

function addressOf(mailFrom: string): string {
  return /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
}

/** Enqueues the owner's and the expert's e-mails about an event, inside the change's transaction. */
export async function notify(deps: BookingDeps, tx: Database, record: BookingRecord, event: BookingEmailEvent, reason?: string | null) {
  const options = { baseUrl: deps.baseUrl, organizerEmail: addressOf(deps.mailFrom), reason };
  await enqueueEmail(deps.jobs, tx, ownerEmail(record, event, options));
  const toExpert = expertEmail(record, event, options);
  if (toExpert) await enqueueEmail(deps.jobs, tx, toExpert);
}
