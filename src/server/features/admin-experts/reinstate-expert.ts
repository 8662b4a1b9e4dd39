import { eq } from 'drizzle-orm';
import { experts } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { writeAudit } from '../../audit/audit-log.js';
import type { AdminExpert } from '../../../common/admin-experts.js';
import { emailExpert, expertSnapshot, lockExpertFor, type ExpertDecisionContext } from './expert-decision.js';
import { getAdminExpert } from './read-admin-experts.js';

/** Lists and opens a suspended expert to bookings again; the reason is optional. Bookings cancelled by the suspension stay cancelled. */
export async function reinstateExpert(context: ExpertDecisionContext, id: number, reason: string | null): Promise<AdminExpert> {
  const { admin } = context;
  const reinstated = await inTransaction(context.db, async (tx) => {
    const before = await lockExpertFor(tx, id, 'reinstate');
    const [after] = await tx.update(experts).set({ status: 'approved', statusReason: null }).where(eq(experts.id, id)).returning();
    await writeAudit(tx, {
      actorUserId: admin.id,
      actorRole: 'admin',
      action: 'expert.reinstate',
      entityType: 'expert',
      entityId: String(id),
      before: expertSnapshot(before),
      after: expertSnapshot(after!),
      note: reason,
    });
    await emailExpert(context, tx, after!, 'reinstated', reason);
    return getAdminExpert(tx, id);
  });
  context.listings.clear();
  return reinstated;
}
