import { and, asc, count, desc, eq, gt, inArray, not, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { bookings } from '../../db/schema.js';
import type { Booking, BookingDetail, Consultation, OwnBookingsQuery } from '../../../common/bookings.js';
import { isLive, isUpcoming, LIVE_STATUSES } from '../../../common/bookings-status.js';
import type { CurrentUser } from '../../../common/user.js';
import { selectBookingRecords, toBooking, toBookingDetail } from './booking-record.js';
import type { ServiceContext } from '../../core/service-context.js';
import { bookingAccess, bookingRolesOf } from './booking-access.js';
import { decodeOwnBookingsCursor, encodeOwnBookingsCursor, type OwnBookingsCursor } from './own-bookings-cursor.js';

/** One page of the caller's bookings, with the figures the screen's headings show. */
export interface OwnBookingsPage {
  bookings: Booking[];
  /** The next page's cursor; null on the last page. */
  nextCursor: string | null;
  /** All the caller's bookings, and how many of them are upcoming (as of the first page). */
  total: number;
  upcoming: number;
}

/** `isUpcoming` of common/booking-status.ts, as of `asOf`, in SQL. */
function upcomingAsOf(asOf: Date): SQL {
  return and(inArray(bookings.status, [...LIVE_STATUSES]), gt(bookings.endsAt, asOf))!;
}

/** The bookings after the cursor's in the list's order (upcoming by start then id, then the rest backwards). */
function afterCursor(cursor: OwnBookingsCursor, upcoming: SQL): SQL {
  const key = sql`(${bookings.startsAt}, ${bookings.id})`;
  const last = sql`(${cursor.startsAt.toISOString()}::timestamptz, ${cursor.id}::uuid)`;
  return cursor.upcoming ? or(and(upcoming, sql`${key} > ${last}`), not(upcoming))! : and(not(upcoming), sql`${key} < ${last}`)!;
}

/**
 * The caller's own bookings (as the boat owner), a page at a time: upcoming first, soonest first, then
 * the rest, latest first; ties by id, so the order is total. The first page fixes the moment that splits
 * the two and its cursors carry it, so a booking made or ending meanwhile cannot make a later page repeat
 * or skip one (a new booking shows when the list is read again).
 */
export async function listOwnBookings(db: Database, user: CurrentUser, query: OwnBookingsQuery, now = new Date()): Promise<OwnBookingsPage> {
  const cursor = query.cursor === undefined ? null : decodeOwnBookingsCursor(query.cursor);
  const asOf = cursor?.asOf ?? now;
  const upcoming = upcomingAsOf(asOf);
  const mine = eq(bookings.userId, user.id);
  const [records, [counts]] = await Promise.all([
    selectBookingRecords(db, cursor ? and(mine, afterCursor(cursor, upcoming))! : mine, {
      orderBy: [
        sql`${upcoming} desc`,
        sql`case when ${upcoming} then ${bookings.startsAt} end asc`,
        sql`case when ${upcoming} then ${bookings.id} end asc`,
        desc(bookings.startsAt),
        desc(bookings.id),
      ],
      // One more than the page tells whether there is a next one.
      limit: query.limit + 1,
    }),
    db
      .select({ total: count(), upcoming: sql<number>`count(*) filter (where ${upcoming})`.mapWith(Number) })
      .from(bookings)
      .where(mine),
  ]);
  const page = records.slice(0, query.limit);
  const last = page.at(-1)?.booking;
  return {
    bookings: page.map((record) => toBooking(record, bookingRolesOf(record, user), now)),
    nextCursor:
      records.length > query.limit && last
        ? encodeOwnBookingsCursor({ asOf, upcoming: isUpcoming(last, asOf), startsAt: last.startsAt, id: last.id })
        : null,
    total: counts?.total ?? 0,
    upcoming: counts?.upcoming ?? 0,
  };
}

/** One booking for its owner, its expert or an administrator; 404 for anyone else. */
export async function getBookingDetail(deps: Pick<ServiceContext, 'db' | 'boats'>, user: CurrentUser, rawId: string, now = new Date()): Promise<BookingDetail> {
  const { record, roles } = await bookingAccess(deps.db, user, rawId);
  return toBookingDetail(deps.db, deps.boats, record, roles, now);
}

/** The dashboard's consultations: the caller's video bookings, soonest first; 'scheduled' while still to come. */
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
