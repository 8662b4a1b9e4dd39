import { eq, sql } from 'drizzle-orm';
import { expertApplications, experts, users } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { writeAudit } from '../../audit/audit-log.js';
import { insertDefaultWorkingHours } from '../workspace/index.js';
import type { AdminExpert } from '../../../common/admin-experts.js';
import { emailExpert, expertSnapshot, lockExpertFor, pendingApplicationOf, type ExpertDecisionContext } from './expert-decision.js';
import { getAdminExpert } from './read-admin-experts.js';

/**
 * Approves a pending expert in one transaction with its audit entry: the profile becomes approved (and
 * listed), the application approved with its decider, the applicant's account an active expert with the
 * default working week; the welcome e-mail is queued in the same transaction.
 */
export async function approveExpert(context: ExpertDecisionContext, id: number): Promise<AdminExpert> {
  const { admin } = context;
  const approved = await inTransaction(context.db, async (tx) => {
    const before = await lockExpertFor(tx, id, 'approve');
    const [after] = await tx.update(experts).set({ status: 'approved', statusReason: null }).where(eq(experts.id, id)).returning();
    const application = await pendingApplicationOf(tx, id);
    const now = context.now();
    if (application) {
      await tx
        .update(expertApplications)
        .set({ status: 'approved', decidedBy: admin.id, decidedAt: now })
        .where(eq(expertApplications.id, application.id));
    }
    if (before.userId) {
      // An administrator who applied keeps the admin role: approval must never lock the service out.
      await tx
        .update(users)
        .set({ role: sql`case when ${users.role} = 'admin' then 'admin' else 'expert' end`, status: 'active' })
        .where(eq(users.id, before.userId));
    }
    await insertDefaultWorkingHours(tx, [id]);
    await writeAudit(tx, {
      actorUserId: admin.id,
      actorRole: 'admin',
      action: 'expert.approve',
      entityType: 'expert',
      entityId: String(id),
      before: expertSnapshot(before),
      after: { ...expertSnapshot(after!), applicationId: application?.id ?? null },
    });
    await emailExpert(context, tx, after!, 'approved', null);
    return getAdminExpert(tx, id);
  });
  context.listings.clear();
  return approved;
}
