import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { bookings, followUpSummaries } from '../../db/schema.js';
import { AppError } from '../../core/app-error.js';
import type { CurrentUser } from '../../../common/user.js';
import type { BookingActor } from '../../../common/booking-status.js';
import { summaryDeadline, summaryRefusal, type BookingFollowUp } from '../../../common/follow-up-summary.js';
import { actorsFor, isBookingId, selectBookingRecords, type BookingRecord } from '../bookings/booking-record.js';
import { BOOKING_NOT_FOUND } from '../bookings/change-booking.js';

/** The booking and the caller's roles towards it; `forUpdate` locks its row. Outsiders get 404. */
export async function bookingForSummary(
  db: Database,
  user: CurrentUser,
  bookingId: string,
  options: { forUpdate?: boolean } = {},
): Promise<{ record: BookingRecord; actors: BookingActor[] }> {
  if (!isBookingId(bookingId)) throw new AppError('NOT_FOUND', BOOKING_NOT_FOUND);
  const [record] = await selectBookingRecords(db, eq(bookings.id, bookingId), options);
  const actors = record ? actorsFor(record, user) : [];
  // Outsiders cannot tell whether the booking exists.
  if (!record || actors.length === 0) throw new AppError('NOT_FOUND', BOOKING_NOT_FOUND);
  return { record, actors };
}

/** What the booking page shows of the summary: the summary once written, and whether the caller may write it now. */
export async function followUpOf(db: Database, record: BookingRecord, actors: readonly BookingActor[], now: Date): Promise<BookingFollowUp> {
  const [row] = await db.select().from(followUpSummaries).where(eq(followUpSummaries.bookingId, record.booking.id));
  const isExpert = actors.includes('expert');
  return {
    summary: row
      ? {
          findings: row.findings,
          nextSteps: row.nextSteps,
          parts: row.parts,
          expertName: record.expert.name,
          sentAt: row.createdAt.toISOString(),
          amendedAt: row.revision > 1 ? row.updatedAt.toISOString() : null,
        }
      : null,
    canWrite: isExpert && summaryRefusal(record.booking, now) === null,
    writableUntil: isExpert && record.booking.serviceType === 'video' ? summaryDeadline(record.booking).toISOString() : null,
  };
}

/** `GET /api/bookings/{id}/summary` for the booking's owner, its expert or an administrator. */
export async function readFollowUp(db: Database, user: CurrentUser, bookingId: string, now: Date): Promise<BookingFollowUp> {
  const { record, actors } = await bookingForSummary(db, user, bookingId);
  return followUpOf(db, record, actors, now);
}

/** Which of these bookings have a follow-up summary (for lists that say 'Summary available'). */
export async function bookingsWithSummary(db: Database, bookingIds: string[]): Promise<Set<string>> {
  if (bookingIds.length === 0) return new Set();
  const rows = await db.select({ bookingId: followUpSummaries.bookingId }).from(followUpSummaries).where(inArray(followUpSummaries.bookingId, bookingIds));
  return new Set(rows.map((row) => row.bookingId));
}
