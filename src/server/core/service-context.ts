import type { Database } from '../db/client.js';
import type { JobQueue, QueuedJob } from '../jobs/job-queue.js';
import type { CompleteBooking } from '../../common/invoices.js';
import type { BookingActor } from '../../common/bookings-status.js';
import type { BoatSnapshot } from '../../common/boats.js';

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

/** The boat a new booking is for, as the booking keeps it, and the maintenance task booked from. */
export interface BookingBoat {
  boatId: string;
  snapshot: BoatSnapshot;
  maintenanceTaskId: string | null;
  /** Where the boat is kept, when the owner said: an onsite visit's place when its address has no ZIP code. */
  homeZip: string | null;
}

/**
 * What bookings need of the owner's boats (the boats feature's), so bookings import nothing from it: the
 * boat a new booking attaches, and the maintenance task done when a booking completes.
 */
export interface BookingBoats {
  /** The owner's own boat and task, or 400 on the field; null when the booking names no boat. */
  attach(db: Database, ownerId: string, input: { boatId?: string | null; maintenanceTaskId?: string | null }): Promise<BookingBoat | null>;
  /** The engine hours the booking's expert last recorded on it (one per engine), or null. */
  hoursRecorded(db: Database, bookingId: string): Promise<number[] | null>;
  /** Inside the transaction that completes a booking: the task it was booked for is done. */
  completed(
    tx: Database,
    booking: { id: string; maintenanceTaskId: string | null; startsAt: Date },
    actor: { userId: string | null; role: BookingActor },
    now: Date,
  ): Promise<void>;
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
  boats: BookingBoats;
}
