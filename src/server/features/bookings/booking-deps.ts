import type { Database } from '../../db/client.js';
import type { JobQueue } from '../../jobs/job-queue.js';

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
