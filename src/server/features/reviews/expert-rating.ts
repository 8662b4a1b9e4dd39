import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { experts, reviews } from '../../db/schema.js';
import { dealtWithOthers } from '../bookings/index.js';

/**
 * Sets the expert's `rating` and `review_count` from their prior and their visible reviews:
 *
 *   review_count = seeded_review_count + visible reviews
 *   rating       = (seeded_review_count * seeded_rating + sum of visible ratings) / review_count,
 *                  rounded to the column's two decimals (0 when there is nothing to average)
 *
 * Read from the reviews table, never incremented, inside the caller's transaction, which must already hold
 * the expert's row lock (`lockExpertForReviews`): the aggregate then sees every review committed before,
 * so concurrent reviews of one expert cannot overwrite each other's figures. Hidden reviews do not count,
 * nor reviews of a booking the expert made with themselves (docs/PRODUCT.md#booking-rules).
 * The profile's page changed with them, so its last change (the sitemap's date) moves too.
 */
export async function recomputeExpertRating(tx: Database, expertId: number): Promise<void> {
  await tx.execute(sql`
    update experts set
      updated_at = now(),
      review_count = experts.seeded_review_count + visible.n,
      rating = case when experts.seeded_review_count + visible.n = 0 then 0
                    else round((experts.seeded_review_count * experts.seeded_rating + visible.total)
                               / (experts.seeded_review_count + visible.n), 2) end
    from (select count(*)::int as n, coalesce(sum(rating), 0)::numeric as total
            from reviews where expert_id = ${expertId} and status <> 'hidden' and ${dealtWithOthers(reviews.bookingId)}) as visible
    where experts.id = ${expertId}`);
}

/**
 * Locks the expert's row until the transaction ends: every change to their reviews' figures takes it
 * first, so the recomputation that follows reads the others' committed reviews (READ COMMITTED reads a
 * fresh snapshot per statement).
 */
export async function lockExpertForReviews(tx: Database, expertId: number): Promise<void> {
  await tx.select({ id: experts.id }).from(experts).where(eq(experts.id, expertId)).for('update');
}
