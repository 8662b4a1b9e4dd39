import { and, eq } from 'drizzle-orm';
import { expertApplications, experts, users } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { writeAudit } from '../../audit/audit-log.js';
import { emailExpert, expertSnapshot, lockExpertFor, pendingApplicationOf, type ExpertDecisionContext } from './expert-decision.js';

/**
 * Rejects a pending application with its reason: the application keeps the decision, the pending expert
 * profile is removed (a pending expert cannot have bookings), and the account is an ordinary active one
 * again, so the person may apply again. The audit entry is the application's, which outlives the profile.
 */
export async function rejectApplication(context: ExpertDecisionContext, id: number, reason: string): Promise<void> {
  const { admin } = context;
  await inTransaction(context.db, async (tx) => {
    const before = await lockExpertFor(tx, id, 'reject');
    const application = await pendingApplicationOf(tx, id);
    if (application) {
      await tx
        .update(expertApplications)
        .set({ status: 'rejected', decidedBy: admin.id, decidedAt: context.now(), decisionReason: reason })
        .where(eq(expertApplications.id, application.id));
    }
    // The e-mail is written while the profile still names the account.
    await emailExpert(context, tx, before, 'rejected', reason);
    await tx.delete(experts).where(eq(experts.id, id));
    if (before.userId) {
      await tx.update(users).set({ status: 'active' }).where(and(eq(users.id, before.userId), eq(users.status, 'pending')));
    }
    await writeAudit(tx, {
      actorUserId: admin.id,
      actorRole: 'admin',
      action: 'expert.reject',
      entityType: application ? 'expert_application' : 'expert',
      entityId: application ? String(application.id) : String(id),
      before: { ...expertSnapshot(before), expertId: id },
      after: { applicationStatus: 'rejected', expertId: null },
      note: reason,
    });
  });
}
