import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { reviews } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../core/app-error.js';
import { writeAudit } from '../../audit/audit-log.js';
import type { ExpertReview } from '../../../common/reviews.js';
import type { CurrentUser } from '../../../common/user.js';
import { ownExpert } from '../workspace/index.js';
import { getExpertReview, REVIEW_NOT_FOUND } from './read-reviews.js';

/** The review of the caller's expert profile, locked; another expert's review is a 404. */
async function lockOwnReview(tx: Database, user: CurrentUser, reviewId: number) {
  const expert = await ownExpert(tx, user.id);
  const [review] = await tx.select().from(reviews).where(eq(reviews.id, reviewId)).for('update');
  if (!review || review.expertId !== expert.id) throw new AppError('NOT_FOUND', REVIEW_NOT_FOUND);
  return review;
}

/** The expert's one public reply to a review of theirs. */
export async function replyToReview(db: Database, user: CurrentUser, reviewId: number, reply: string): Promise<ExpertReview> {
  await inTransaction(db, async (tx) => {
    const review = await lockOwnReview(tx, user, reviewId);
    if (review.reply !== null) throw new AppError('CONFLICT', 'You have already replied to this review; a review takes one reply.');
    if (review.status === 'hidden') throw new AppError('CONFLICT', 'This review is hidden from your profile; it cannot be replied to.');
    await tx.update(reviews).set({ reply, repliedAt: new Date() }).where(eq(reviews.id, reviewId));
    await writeAudit(tx, {
      actorUserId: user.id,
      actorRole: 'expert',
      action: 'review.reply',
      entityType: 'review',
      entityId: String(reviewId),
      after: { reply },
    });
  });
  return getExpertReview(db, reviewId);
}

const REPORT_REFUSALS = {
  reported: 'You have reported this review already; an administrator will look at it.',
  kept: 'An administrator has looked at a report of this review and kept it; it cannot be reported again.',
  hidden: 'This review is already hidden.',
} as const;

/**
 * The expert reports a review with a reason: it waits in the administrators' queue and stays on the
 * profile meanwhile (reporting alone must not remove an unwelcome review). Once per review.
 */
export async function reportReview(db: Database, user: CurrentUser, reviewId: number, reason: string): Promise<ExpertReview> {
  await inTransaction(db, async (tx) => {
    const review = await lockOwnReview(tx, user, reviewId);
    if (review.status !== 'published') throw new AppError('CONFLICT', REPORT_REFUSALS[review.status]);
    await tx.update(reviews).set({ status: 'reported', reportReason: reason, reportedAt: new Date() }).where(eq(reviews.id, reviewId));
    await writeAudit(tx, {
      actorUserId: user.id,
      actorRole: 'expert',
      action: 'review.report',
      entityType: 'review',
      entityId: String(reviewId),
      before: { status: review.status },
      after: { status: 'reported' },
      note: reason,
    });
  });
  return getExpertReview(db, reviewId);
}
