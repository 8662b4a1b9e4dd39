import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { bookings } from '../../db/schema.js';
import { LIVE_STATUSES } from '../../../common/bookings-status.js';
import type { CurrentUser } from '../../../common/user.js';
import { transitionBooking } from './change-booking.js';
import type { ServiceContext } from '../../core/service-context.js';

/**
 * Cancels, inside the caller's transaction `tx`, the requested and confirmed bookings of an expert or of
 * an owner that have not started, each through the same transition owners and experts use (audit entry,
 * refund, e-mails to both sides), as the administrator `admin`. Answers the cancelled bookings' ids.
 */
export async function cancelUpcomingBookings(
  deps: ServiceContext,
  tx: Database,
  admin: CurrentUser,
  of: { expertId: number } | { ownerId: string },
  reason: string,
): Promise<string[]> {
  const whose = 'expertId' in of ? eq(bookings.expertId, of.expertId) : eq(bookings.userId, of.ownerId);
  const upcoming = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(whose, inArray(bookings.status, [...LIVE_STATUSES]), gt(bookings.startsAt, deps.now())))
    .orderBy(asc(bookings.startsAt));
  const inThisTransaction = { ...deps, db: tx };
  for (const booking of upcoming) await transitionBooking(inThisTransaction, { user: admin }, booking.id, 'cancel', reason);
  return upcoming.map((booking) => booking.id);
}
