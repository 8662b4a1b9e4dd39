import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { BOOKING_REMINDER_KINDS, bookingReminders, bookings, type BookingReminderKind } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { enqueueEmails } from '../../mail/email-job.js';
import type { ServiceContext } from '../../core/service-context.js';
import { selectBookingRecords } from './booking-record.js';
import type { QueuedJob } from '../../jobs/job-queue.js';
import { expertReminder, ownerReminder, reminderNotifications } from './reminder-emails.js';
import { notify } from '../notifications/index.js';

export const REMINDER_QUEUE = 'booking-reminder';

const HOUR_MS = 60 * 60 * 1000;

/** How long before the start each reminder is due. */
export const REMINDER_LEAD_MS: Record<BookingReminderKind, number> = { '24h': 24 * HOUR_MS, '1h': HOUR_MS };

/** A reminder job: the booking, the kind and the start time it was scheduled for (ISO). */
export interface ReminderJob {
  bookingId: string;
  kind: BookingReminderKind;
  startsAt: string;
}

type BookingRow = typeof bookings.$inferSelect;

/**
 * Keeps a booking's reminders in step with a change, inside the change's transaction: a booking that
 * becomes confirmed, or stays confirmed at a new time, gets its reminders (answered as jobs for the
 * caller to enqueue with the change's other jobs, in one insert); one that stops being confirmed at the
 * old time has its queued reminders cancelled. `before` is null for a new booking.
 */
export async function syncReminders(deps: ServiceContext, tx: Database, before: BookingRow | null, after: BookingRow): Promise<QueuedJob[]> {
  const wasConfirmed = before?.status === 'confirmed';
  const isConfirmed = after.status === 'confirmed';
  const sameTime = before !== null && before.startsAt.getTime() === after.startsAt.getTime();
  if (wasConfirmed && !(isConfirmed && sameTime)) await withdrawReminders(deps, tx, after.id);
  return isConfirmed && !(wasConfirmed && sameTime) ? scheduleReminders(deps, tx, after) : [];
}

/** A reminder to queue: its kind, its moment and the id of the job that sends it. */
export interface DueReminder {
  kind: BookingReminderKind;
  sendAt: Date;
  jobId: string;
}

/**
 * The reminders a booking confirmed now for `startsAt` gets: the 24-hour and the 1-hour one, each a
 * pg-boss job that starts at its moment (stored in the database, so it survives a restart). A moment that
 * has already passed is skipped: the confirmation or reschedule e-mail sent now carries the same time,
 * link and address.
 */
export function dueReminders(startsAt: Date, now: Date): DueReminder[] {
  return BOOKING_REMINDER_KINDS.map((kind) => ({ kind, sendAt: new Date(startsAt.getTime() - REMINDER_LEAD_MS[kind]), jobId: randomUUID() })).filter(
    (reminder) => reminder.sendAt > now,
  );
}

/** The job that sends a reminder of the booking at `startsAt`. */
export function reminderJob(bookingId: string, startsAt: Date, reminder: DueReminder): QueuedJob {
  const data: ReminderJob = { bookingId, kind: reminder.kind, startsAt: startsAt.toISOString() };
  return { name: REMINDER_QUEUE, data, options: { startAfter: reminder.sendAt, id: reminder.jobId } };
}

/**
 * Queues the due reminders of a confirmed booking with their rows. A start time already reminded of (a
 * booking moved away and back) is not reminded of again: its row is there already.
 */
async function scheduleReminders(deps: ServiceContext, tx: Database, booking: BookingRow): Promise<QueuedJob[]> {
  const due = dueReminders(booking.startsAt, deps.now());
  if (due.length === 0) return [];
  const rows = await tx
    .insert(bookingReminders)
    .values(due.map((reminder) => ({ bookingId: booking.id, kind: reminder.kind, startsAt: booking.startsAt, sendAt: reminder.sendAt, jobId: reminder.jobId })))
    .onConflictDoNothing()
    .returning({ jobId: bookingReminders.jobId });
  const kept = new Set(rows.map((row) => row.jobId));
  return due.filter((reminder) => kept.has(reminder.jobId)).map((reminder) => reminderJob(booking.id, booking.startsAt, reminder));
}

/** Cancels the booking's queued reminders (their jobs and their rows); sent ones stay as the record. */
async function withdrawReminders(deps: ServiceContext, tx: Database, bookingId: string): Promise<void> {
  const withdrawn = await tx
    .delete(bookingReminders)
    .where(and(eq(bookingReminders.bookingId, bookingId), isNull(bookingReminders.sentAt)))
    .returning({ jobId: bookingReminders.jobId });
  await deps.jobs.cancel(
    tx,
    REMINDER_QUEUE,
    withdrawn.flatMap((row) => (row.jobId ? [row.jobId] : [])),
  );
}

/**
 * The moment after which a reminder is no longer worth sending (a job that runs late, after a long
 * outage): the 24-hour one once the 1-hour one is due, the 1-hour one once the booking has started.
 */
function staleAfter(kind: BookingReminderKind, startsAt: Date): Date {
  return kind === '24h' ? new Date(startsAt.getTime() - REMINDER_LEAD_MS['1h']) : startsAt;
}

/**
 * Sends one reminder, at most once. In one transaction: lock the booking (so it cannot change meanwhile),
 * check it is still confirmed at the start time the job was scheduled for, mark the reminder sent (only a
 * queued, unsent row can be marked), and enqueue the two e-mails. A retried, duplicated or concurrent run
 * finds the row already sent and does nothing; a job of a cancelled or moved booking finds no row and no
 * matching booking. Answers whether it sent.
 */
export async function sendReminder(deps: ServiceContext, job: ReminderJob): Promise<boolean> {
  return inTransaction(deps.db, async (tx) => {
    const [record] = await selectBookingRecords(tx, eq(bookings.id, job.bookingId), { forUpdate: true });
    const startsAt = new Date(job.startsAt);
    if (!record || record.booking.status !== 'confirmed' || record.booking.startsAt.getTime() !== startsAt.getTime()) return false;
    const now = deps.now();
    if (now >= staleAfter(job.kind, startsAt)) return false;
    const [claimed] = await tx
      .update(bookingReminders)
      .set({ sentAt: now })
      .where(
        and(
          eq(bookingReminders.bookingId, job.bookingId),
          eq(bookingReminders.kind, job.kind),
          eq(bookingReminders.startsAt, startsAt),
          isNull(bookingReminders.sentAt),
        ),
      )
      .returning({ kind: bookingReminders.kind });
    if (!claimed) return false;
    const toExpert = expertReminder(record, job.kind, deps.baseUrl);
    await notify(deps.jobs, tx, reminderNotifications(record, job.kind));
    await enqueueEmails(deps.jobs, tx, [ownerReminder(record, job.kind, deps.baseUrl), ...(toExpert ? [toExpert] : [])]);
    return true;
  });
}

export function defineReminderJob(deps: ServiceContext) {
  deps.jobs.define<ReminderJob>(REMINDER_QUEUE, async (job) => {
    await sendReminder(deps, job);
  });
}
