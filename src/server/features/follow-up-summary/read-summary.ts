import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { followUpSummaries } from '../../db/schema.js';
import type { CurrentUser } from '../../../common/user.js';
import { summaryDeadline, summaryRefusal, type BookingFollowUp } from '../../../common/follow-up-summary.js';
import { bookingAccess, type BookingRecord, type BookingRole } from '../bookings/index.js';

/** What the booking page shows of the summary or report: it once written, and whether the caller may write it now. */
export async function followUpOf(db: Database, record: BookingRecord, roles: readonly BookingRole[], now: Date): Promise<BookingFollowUp> {
  const [row] = await db.select().from(followUpSummaries).where(eq(followUpSummaries.bookingId, record.booking.id));
  const isExpert = roles.includes('expert');
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
    writableUntil: isExpert ? summaryDeadline(record.booking).toISOString() : null,
  };
}

/** `GET /api/bookings/{id}/summary` for the booking's owner, its expert or an administrator. */
export async function readFollowUp(db: Database, user: CurrentUser, bookingId: string, now: Date): Promise<BookingFollowUp> {
  const { record, roles } = await bookingAccess(db, user, bookingId);
  return followUpOf(db, record, roles, now);
}

/** Which of these bookings have a follow-up summary or service report (for lists that say it is available). */
export async function bookingsWithSummary(db: Database, bookingIds: string[]): Promise<Set<string>> {
  if (bookingIds.length === 0) return new Set();
  const rows = await db.select({ bookingId: followUpSummaries.bookingId }).from(followUpSummaries).where(inArray(followUpSummaries.bookingId, bookingIds));
  return new Set(rows.map((row) => row.bookingId));
}
