import { eq, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { bookings, experts } from '../../db/schema.js';
import { AppError } from '../../core/app-error.js';
import type { BookingViewer } from '../../../common/bookings.js';
import type { CurrentUser } from '../../../common/user.js';
import { selectBookingRecords, type BookingRecord } from './booking-record.js';

/**
 * Who may see and act on a booking, for every route about one booking: its owner, its expert, and
 * administrators where a route lets them. Everyone else is answered exactly as for a booking that does not
 * exist, so outsiders cannot tell whether it does.
 */

export const BOOKING_NOT_FOUND = 'Booking not found';

/** How a signed-in user stands towards a booking. */
export type BookingRole = BookingViewer;

export interface BookingAccess {
  record: BookingRecord;
  /** Every role the caller holds towards the booking (an administrator may also be a party); never empty. */
  roles: BookingRole[];
  /** The role the caller acts as: a party before an administrator, the owner before the expert. */
  role: BookingRole;
}

function notFound(): AppError {
  return new AppError('NOT_FOUND', BOOKING_NOT_FOUND);
}

/** A well-formed booking id; anything else is answered like an unknown booking (404), never a 500. */
export function isBookingId(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

/** The roles the user holds towards this booking, in `role`'s order; none means they may not know it exists. */
export function bookingRolesOf(record: BookingRecord, user: CurrentUser): BookingRole[] {
  const roles: BookingRole[] = [];
  if (record.booking.userId === user.id) roles.push('owner');
  if (isOwnExpert(record.expert, user.id)) roles.push('expert');
  if (user.role === 'admin') roles.push('admin');
  return roles;
}

/** The expert profile is the user's own. Demo experts have no account: a null never matches a user. */
export function isOwnExpert(expert: { userId: string | null }, userId: string): boolean {
  return expert.userId !== null && expert.userId === userId;
}

/**
 * Nobody deals with themselves (docs/PRODUCT.md#booking-rules): an expert's own account may not book them
 * nor review them. Bookings made before that rule, where the owner is the expert's own account, stay
 * visible to their party but count nowhere: not in revenue, payouts, earnings, ratings or public reviews.
 */
export function isSelfDealt(record: BookingRecord): boolean {
  return isOwnExpert(record.expert, record.booking.userId);
}

/** A condition that the booking of this id (a column of the query) is not self-dealt (`isSelfDealt`). */
export function dealtWithOthers(bookingId: AnyColumn): SQL {
  return sql`not exists (select from bookings self_dealt join experts self_expert on self_expert.id = self_dealt.expert_id
    where self_dealt.id = ${bookingId} and self_expert.user_id = self_dealt.user_id)`;
}

/** The party the user is to the booking (the owner before the expert), or null for anyone else. */
export function partyRoleOf(record: BookingRecord, user: CurrentUser): 'owner' | 'expert' | null {
  const [role] = bookingRolesOf(record, user);
  return role === 'owner' || role === 'expert' ? role : null;
}

/** The bookings of which the user is a party, as a condition on a query that joins the booking's expert. */
export function partyBookings(user: CurrentUser): SQL {
  return or(eq(bookings.userId, user.id), sql`${experts.userId} = ${user.id}`)!;
}

/** The booking of this id, whoever asks (the background jobs); 404 for a malformed or unknown id. */
export async function loadBooking(db: Database, rawId: string, options: { forUpdate?: boolean } = {}): Promise<BookingRecord> {
  if (!isBookingId(rawId)) throw notFound();
  const [record] = await selectBookingRecords(db, eq(bookings.id, rawId), options);
  if (!record) throw notFound();
  return record;
}

/**
 * The booking as this user may see it, and as whom, read once (`forUpdate` locks its row). `only` narrows
 * who may know of the booking on a route (paying for it: its owner alone). Anyone else gets the 404 of an
 * unknown booking; what each role may do beyond seeing it is the route's own rule (403, 409).
 */
export async function bookingAccess(
  db: Database,
  user: CurrentUser,
  rawId: string,
  options: { forUpdate?: boolean; only?: readonly BookingRole[] } = {},
): Promise<BookingAccess> {
  const record = await loadBooking(db, rawId, options);
  const roles = bookingRolesOf(record, user).filter((role) => !options.only || options.only.includes(role));
  if (roles.length === 0) throw notFound();
  return { record, roles, role: roles[0]! };
}
