import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { BookingRecord } from './booking-record.js';

/**
 * Nobody deals with themselves (docs/PRODUCT.md#booking-rules): an expert's own account may not book them,
 * nor review them. Bookings made before that rule, where the owner is the expert's own account, stay
 * readable to their party but count nowhere: not in revenue, payouts, earnings, ratings or public reviews.
 */

/** The booking's owner is its expert's own account. */
export function isSelfDealt(record: BookingRecord): boolean {
  return record.expert.userId !== null && record.expert.userId === record.booking.userId;
}

/** A condition that the booking of this id (a column of the query) is not self-dealt. */
export function dealtWithOthers(bookingId: AnyColumn): SQL {
  return sql`not exists (select from bookings self_dealt join experts self_expert on self_expert.id = self_dealt.expert_id
    where self_dealt.id = ${bookingId} and self_expert.user_id = self_dealt.user_id)`;
}
