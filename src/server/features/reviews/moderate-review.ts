import { eq } from 'drizzle-orm';
import { reviews } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../core/app-error.js';
import { writeAudit } from '../../audit/audit-log.js';
import type { ExpertReview } from '../../../common/reviews.js';
import type { CurrentUser } from '../../../common/user.js';
import type { ServiceContext } from '../../core/service-context.js';
import { lockExpertForReviews, recomputeExpertRating } from './expert-rating.js';
import { getExpertReview, REVIEW_NOT_FOUND } from './read-reviews.js';

interface ModerationContext extends ServiceContext {
  admin: CurrentUser;
}

const NOT_REPORTED = (status: string) => `This review is ${status}; only a reported review waits for a decision.`;

/**
 * An administrator decides a reported review: `hide` takes it off the profile and out of the expert's
 * figures (recomputed in the same transaction), with a reason; `keep` leaves it published for good.
 * Either is audit-logged. The expert sees only the review's new state.
 */
export async function moderateReview(
  { admin, ...services }: ModerationContext,
  reviewId: number,
  decision: 'hide' | 'keep',
  reason: string | null,
): Promise<ExpertReview> {
  await inTransaction(services.db, async (tx) => {
    const [found] = await tx.select({ expertId: reviews.expertId }).from(reviews).where(eq(reviews.id, reviewId));
    if (!found) throw new AppError('NOT_FOUND', REVIEW_NOT_FOUND);
    // The expert's row before the review's, as a new review takes them.
    await lockExpertForReviews(tx, found.expertId);
    const [review] = await tx.select().from(reviews).where(eq(reviews.id, reviewId)).for('update');
    if (review!.status !== 'reported') throw new AppError('CONFLICT', NOT_REPORTED(review!.status));
    const status = decision === 'hide' ? 'hidden' : 'kept';
    await tx
      .update(reviews)
      .set({ status, hiddenReason: decision === 'hide' ? reason : null, moderatedAt: new Date() })
      .where(eq(reviews.id, reviewId));
    if (decision === 'hide') await recomputeExpertRating(tx, found.expertId);
    await writeAudit(tx, {
      actorUserId: admin.id,
      actorRole: 'admin',
      action: decision === 'hide' ? 'review.hide' : 'review.keep',
      entityType: 'review',
      entityId: String(reviewId),
      before: { status: 'reported', reportReason: review!.reportReason },
      after: { status },
      note: reason,
    });
  });
  if (decision === 'hide') services.listings.clear();
  return getExpertReview(services.db, reviewId);
}
