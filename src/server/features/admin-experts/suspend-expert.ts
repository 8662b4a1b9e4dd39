import { eq } from 'drizzle-orm';
import { experts } from '../../db/schema.js';
import { inTransaction, LOCKS, lockForTransaction } from '../../db/transaction.js';
import { writeAudit } from '../../audit/audit-log.js';
import { cancelUpcomingBookings } from '../bookings/index.js';
import { PRODUCT_NAME } from '../../../common/brand.js';
import type { SuspendedExpert } from '../../../common/admin-experts.js';
import { emailExpert, expertSnapshot, lockExpertFor, type ExpertDecisionContext } from './expert-decision.js';
import { getAdminExpert } from './read-admin-experts.js';

/**
 * What the owners of the cancelled bookings are told. The administrator's reason is between them and the
 * expert (it may name a complaint), so owners get a plain sentence instead.
 */
export const SUSPENSION_CANCEL_REASON = `The expert is no longer available for bookings on ${PRODUCT_NAME}. Please book another expert.`;

/**
 * Suspends an approved expert: hidden from the listings and from booking at once, with the reason kept.
 * Their requested and confirmed bookings that have not started are cancelled in the same transaction,
 * each with its refund and its notice to the owner: an owner should not wait for a visit that an
 * expert the service no longer vouches for would make, and should hear it now, not on the day.
 */
export async function suspendExpert(context: ExpertDecisionContext, id: number, reason: string): Promise<SuspendedExpert> {
  const { admin } = context;
  const suspended = await inTransaction(context.db, async (tx) => {
    // Taken before the row lock, in the order a new booking takes them, so no booking slips in meanwhile.
    await lockForTransaction(tx, LOCKS.bookingsOfExpert, id);
    const before = await lockExpertFor(tx, id, 'suspend');
    const [after] = await tx.update(experts).set({ status: 'suspended', statusReason: reason }).where(eq(experts.id, id)).returning();
    const cancelled = await cancelUpcomingBookings(context, tx, admin, { expertId: id }, SUSPENSION_CANCEL_REASON);
    await writeAudit(tx, {
      actorUserId: admin.id,
      actorRole: 'admin',
      action: 'expert.suspend',
      entityType: 'expert',
      entityId: String(id),
      before: expertSnapshot(before),
      after: { ...expertSnapshot(after!), cancelledBookings: cancelled },
      note: reason,
    });
    await emailExpert(context, tx, after!, 'suspended', reason);
    return { ...(await getAdminExpert(tx, id)), cancelledBookings: cancelled.length };
  });
  context.listings.clear();
  return suspended;
}
