import type { Database } from '../db/client.js';
import type { JobQueue, QueuedJob } from '../jobs/job-queue.js';
import type { CompleteBooking } from '../../common/invoices.js';
import type { BookingActor } from '../../common/bookings-status.js';

/**
 * Issues a booking's final invoice inside the transaction that completes it (the payments feature's), so a
 * booking is never completed without one. Answers the jobs (e-mails) to enqueue with the change.
 */
export interface InvoiceIssuer {
  issue(
    tx: Database,
    bookingId: string,
    completion: CompleteBooking | null,
    actor: { userId: string | null; role: BookingActor },
    now: Date,
  ): Promise<QueuedJob[]>;
}

/**
 * What the app's services are given besides their arguments, built once in app.ts: the database, the
 * job queue, the addresses their e-mails use, the clock of the booking rules (tests move it), the
 * expert listings to clear after a change that shows in them, and the issuer of completed bookings' invoices.
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
  invoices: InvoiceIssuer;
}
