import type { Database } from '../db/client.js';
import type { JobQueue } from '../jobs/job-queue.js';

/**
 * What the app's services are given besides their arguments, built once in app.ts: the database, the
 * job queue, the addresses their e-mails use, the clock of the booking rules (tests move it), and the
 * expert listings to clear after a change that shows in them.
 */
export interface ServiceContext {
  db: Database;
  jobs: JobQueue;
  baseUrl: string;
  /** MAIL_FROM, 'K&B Marine <no-reply@kbmarine.local>': its address organises the calendar invites. */
  mailFrom: string;
  now(): Date;
  /** The cached expert listings (the experts feature's cache): cleared by every change that shows in them. */
  listings: { clear(): void };
}
