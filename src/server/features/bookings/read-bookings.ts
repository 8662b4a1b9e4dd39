import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { bookings } from '../../db/schema.js';
import { AppError } from '../../core/app-error.js';
import type { Booking, BookingDetail, Consultation } from '../../../common/booking.js';
import { isLive } from '../../../common/booking-status.js';
import type { CurrentUser } from '../../../common/user.js';
import { actorsFor, bookingHistory, isBookingId, selectBookingRecords, toBooking } from './booking-record.js';
import { BOOKING_NOT_FOUND } from './change-booking.js';

/** The caller's own bookings (as the boat owner): upcoming first by start, then past, newest first. */
export async function listOwnBookings(db: Database, user: CurrentUser, now = new Date()): Promise<Booking[]> {
  const records = await selectBookingRecords(db, eq(bookings.userId, user.id), {
    orderBy: [sql`(${bookings.endsAt} < now()) asc`, sql`case when ${bookings.endsAt} < now() then null else ${bookings.startsAt} end asc`, desc(bookings.startsAt)],
    limit: 500,
  });
  return records.map((record) => toBooking(record, actorsFor(record, user), now));
}

/** One booking for its owner, its expert or an administrator; 404 for anyone else. */
export async function getBookingDetail(db: Database, user: CurrentUser, rawId: string, now = new Date()): Promise<BookingDetail> {
  if (!isBookingId(rawId)) throw new AppError('NOT_FOUND', BOOKING_NOT_FOUND);
  const [record] = await selectBookingRecords(db, eq(bookings.id, rawId));
  const actors = record ? actorsFor(record, user) : [];
  if (!record || actors.length === 0) throw new AppError('NOT_FOUND', BOOKING_NOT_FOUND);
  return { ...toBooking(record, actors, now), history: await bookingHistory(db, rawId) };
}

/** Document 000's consultations: the caller's video bookings, soonest first; 'scheduled' while still to come. */
export async function listConsultations(db: Database, user: CurrentUser, now = new Date()): Promise<Consultation[]> {
  const records = await selectBookingRecords(db, and(eq(bookings.userId, user.id), eq(bookings.serviceType, 'video'))!, {
    orderBy: [asc(bookings.startsAt)],
    limit: 200,
  });
  const upcoming = records.filter((r) => isLive(r.booking.status) && r.booking.endsAt > now);
  const rest = records.filter((r) => !upcoming.includes(r)).reverse();
  return [...upcoming, ...rest].map(({ booking, expert }) => ({
    id: booking.id,
    status: upcoming.some((r) => r.booking.id === booking.id) ? 'scheduled' : booking.status,
    scheduledDate: booking.startsAt.toISOString(),
    expertName: expert.name,
    bookingStatus: booking.status,
  }));
}

/** Completed video and onsite bookings of the user, and what the video consultations saved (cents). */
export async function completedBookingFigures(db: Database, userId: string) {
  const [row] = await db
    .select({
      consultations: sql<number>`count(*) filter (where ${bookings.serviceType} = 'video')`.mapWith(Number),
      services: sql<number>`count(*) filter (where ${bookings.serviceType} = 'onsite')`.mapWith(Number),
      savingsCents: sql<number>`coalesce(sum(greatest(${bookings.onsiteVisitCents} - ${bookings.priceCents}, 0)) filter (where ${bookings.serviceType} = 'video'), 0)`.mapWith(Number),
    })
    .from(bookings)
    .where(and(eq(bookings.userId, userId), inArray(bookings.status, ['completed'])));
  return row ?? { consultations: 0, services: 0, savingsCents: 0 };
}

/** The user's most recently made or changed bookings, for Recent Activity. */
export function recentBookings(db: Database, userId: string, limit: number) {
  return selectBookingRecords(db, eq(bookings.userId, userId), { orderBy: [desc(bookings.updatedAt)], limit });
}
