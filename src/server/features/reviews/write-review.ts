import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { reviews } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../core/app-error.js';
import { writeAudit } from '../../audit/audit-log.js';
import { BOOKING_STATUS_LABELS } from '../../../common/bookings-status.js';
import { reviewClosesAt, type BookingReview } from '../../../common/reviews.js';
import type { CurrentUser } from '../../../common/user.js';
import type { ServiceContext } from '../../core/service-context.js';
import { bookingAccess, isSelfDealt, loadBooking, type BookingRecord } from '../bookings/index.js';
import { lockExpertForReviews, recomputeExpertRating } from './expert-rating.js';
import { reviewOfBooking } from './read-reviews.js';

export const ONLY_OWNER_REVIEWS = 'Only the boat owner who made this booking can review it.';
export const SELF_REVIEW = 'You cannot review yourself';
const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** Why the owner may not review the booking now, or null when they may. */
function reviewRefusal(record: BookingRecord, now: Date): string | null {
  const { status, endsAt } = record.booking;
  if (status !== 'completed') {
    return `Only a completed booking can be reviewed; this one is ${BOOKING_STATUS_LABELS[status].toLowerCase()}.`;
  }
  const closesAt = reviewClosesAt(endsAt);
  if (now > closesAt) return `Reviews close 30 days after the booking; this one closed on ${dateFormat.format(closesAt)}.`;
  return null;
}

/** `GET /api/bookings/{id}/review`: the booking's review and whether the caller may write one now. */
export async function getBookingReview(db: Database, user: CurrentUser, rawId: string, now: Date): Promise<BookingReview> {
  const { record, roles } = await bookingAccess(db, user, rawId);
  const review = await reviewOfBooking(db, record.booking.id);
  const closesAt = reviewClosesAt(record.booking.endsAt).toISOString();
  const owner = roles.includes('owner') && !isSelfDealt(record);
  let eligibility: BookingReview['eligibility'];
  if (review) eligibility = 'reviewed';
  else if (!owner) eligibility = 'not-owner';
  else if (record.booking.status !== 'completed') eligibility = 'not-completed';
  else eligibility = reviewRefusal(record, now) ? 'closed' : 'open';
  return { review, eligibility, closesAt, yours: owner };
}

/**
 * Records the owner's review of a completed booking, within 30 days of its end, once (also the unique
 * index on booking_id), and recomputes the expert's figures in the same transaction.
 */
export async function createReview(
  services: ServiceContext,
  user: CurrentUser,
  rawId: string,
  input: { rating: number; text: string | null },
): Promise<BookingReview> {
  const { record, roles } = await bookingAccess(services.db, user, rawId);
  if (!roles.includes('owner')) throw new AppError('FORBIDDEN', ONLY_OWNER_REVIEWS);
  if (isSelfDealt(record)) throw new AppError('FORBIDDEN', SELF_REVIEW);
  const expertId = record.booking.expertId;
  await inTransaction(services.db, async (tx) => {
    await lockExpertForReviews(tx, expertId);
    // Read again under the lock: a booking's status may have changed since (completed is final, the rest are not).
    const current = await loadBooking(tx, record.booking.id);
    const refusal = reviewRefusal(current, services.now());
    if (refusal) throw new AppError('CONFLICT', refusal);
    const [existing] = await tx.select({ id: reviews.id }).from(reviews).where(eq(reviews.bookingId, record.booking.id));
    if (existing) throw new AppError('CONFLICT', 'You have already reviewed this booking.');
    const [review] = await tx
      .insert(reviews)
      .values({ bookingId: record.booking.id, expertId, userId: user.id, rating: input.rating, text: input.text })
      .returning();
    await recomputeExpertRating(tx, expertId);
    await writeAudit(tx, {
      actorUserId: user.id,
      actorRole: 'owner',
      action: 'review.create',
      entityType: 'review',
      entityId: String(review!.id),
      after: { bookingId: record.booking.id, expertId, rating: input.rating, hasText: input.text !== null },
    });
  });
  services.listings.clear();
  return getBookingReview(services.db, user, rawId, services.now());
}
