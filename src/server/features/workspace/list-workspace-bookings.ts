import { and, asc, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { bookings, users } from '../../db/schema.js';
import type { CurrentUser } from '../../../common/user.js';
import { PAST_BOOKINGS_LIMIT, type WorkspaceBooking, type WorkspaceBookings } from '../../../common/workspace.js';
import { selectBookingRecords, toBooking, type BookingRecord } from '../bookings/index.js';
import { ownExpert } from './own-expert.js';

/** Owners' phone numbers, read apart from the booking read model, which only the expert's screen needs them from. */
async function phonesOf(db: Database, records: BookingRecord[]): Promise<Map<string, string | null>> {
  const ids = [...new Set(records.map((r) => r.owner.id))];
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: users.id, phone: users.phone }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row.phone]));
}

/**
 * The caller's expert's bookings in the three groups the workspace shows: requests to answer (soonest to
 * expire first), confirmed bookings (soonest first, including those started and still to be marked), and
 * the newest PAST_BOOKINGS_LIMIT finished ones.
 */
export async function listWorkspaceBookings(db: Database, user: CurrentUser, now: Date): Promise<WorkspaceBookings> {
  const expert = await ownExpert(db, user.id);
  const mine = eq(bookings.expertId, expert.id);
  const [requests, upcoming, past, [count]] = [
    await selectBookingRecords(db, and(mine, eq(bookings.status, 'requested'))!, { orderBy: [asc(bookings.expiresAt), asc(bookings.startsAt)], limit: 500 }),
    await selectBookingRecords(db, and(mine, eq(bookings.status, 'confirmed'))!, { orderBy: [asc(bookings.startsAt)], limit: 500 }),
    await selectBookingRecords(db, and(mine, notInArray(bookings.status, ['requested', 'confirmed']))!, {
      orderBy: [desc(bookings.startsAt)],
      limit: PAST_BOOKINGS_LIMIT,
    }),
    await db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(bookings)
      .where(and(mine, notInArray(bookings.status, ['requested', 'confirmed']))),
  ];
  const phones = await phonesOf(db, [...requests, ...upcoming, ...past]);
  const view = (record: BookingRecord): WorkspaceBooking => {
    const booking = toBooking(record, ['expert'], now);
    return {
      ...booking,
      owner: { ...booking.owner, phone: phones.get(record.owner.id) ?? null },
      expiresAt: record.booking.status === 'requested' ? (record.booking.expiresAt?.toISOString() ?? null) : null,
    };
  };
  return { requests: requests.map(view), upcoming: upcoming.map(view), past: past.map(view), pastTotal: count?.total ?? 0 };
}
