import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { expertApplications, experts, users } from '../../db/schema.js';
import { AppError } from '../../core/app-error.js';
import { enqueueEmail } from '../../mail/email-job.js';
import type { ExpertStatus } from '../../../common/roles.js';
import type { CurrentUser } from '../../../common/user.js';
import type { ServiceContext } from '../../core/service-context.js';
import { EXPERT_NOT_FOUND } from './read-admin-experts.js';
import { expertDecisionEmail, expertDecisionNotice, type ExpertDecisionEvent } from './expert-decision-emails.js';
import { notify } from '../notifications/index.js';

export type ExpertRow = typeof experts.$inferSelect;

/** What every decision is given: the app's services and the administrator who decides. */
export interface ExpertDecisionContext extends ServiceContext {
  admin: CurrentUser;
}

const REFUSALS: Record<'approve' | 'suspend' | 'reinstate' | 'reject', { from: ExpertStatus; message: (status: ExpertStatus) => string }> = {
  approve: { from: 'pending', message: (status) => `This expert is ${status}; only a pending application can be approved.` },
  reject: { from: 'pending', message: (status) => `This expert is ${status}; only a pending application can be rejected.` },
  suspend: { from: 'approved', message: (status) => `This expert is ${status}; only an approved expert can be suspended.` },
  reinstate: { from: 'suspended', message: (status) => `This expert is ${status}; only a suspended expert can be reinstated.` },
};

/**
 * The expert row locked for the decision, checked to be in the status the decision starts from: 404 for
 * an unknown expert, 409 with a sentence for the wrong status (two administrators deciding at once: the
 * second one waits for the lock and then meets the first one's result).
 */
export async function lockExpertFor(tx: Database, id: number, decision: keyof typeof REFUSALS): Promise<ExpertRow> {
  const [row] = await tx.select().from(experts).where(eq(experts.id, id)).for('update');
  if (!row) throw new AppError('NOT_FOUND', EXPERT_NOT_FOUND);
  const rule = REFUSALS[decision];
  if (row.status !== rule.from) throw new AppError('CONFLICT', rule.message(row.status));
  return row;
}

/** The expert's pending application (an applicant has one; the demo experts none). */
export async function pendingApplicationOf(tx: Database, expertId: number) {
  const [application] = await tx
    .select()
    .from(expertApplications)
    .where(and(eq(expertApplications.expertId, expertId), eq(expertApplications.status, 'pending')))
    .orderBy(desc(expertApplications.id))
    .limit(1)
    .for('update');
  return application ?? null;
}

/** Tells the expert's account of the decision inside the transaction (notification and e-mail); experts without an account get none. */
export async function emailExpert(context: ExpertDecisionContext, tx: Database, expert: ExpertRow, event: ExpertDecisionEvent, reason: string | null) {
  if (!expert.userId) return;
  const [account] = await tx.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, expert.userId));
  if (!account) return;
  const message = expertDecisionEmail({ event, to: account.email, greeting: account.firstName || expert.name, reason, baseUrl: context.baseUrl });
  const notice = { userId: expert.userId, kind: 'application_decided' as const };
  await notify(context.jobs, tx, [{ ...notice, ...expertDecisionNotice(event, reason) }]);
  await enqueueEmail(context.jobs, tx, { ...message, notice });
}

/** The fields of an expert worth keeping in an audit entry. */
export function expertSnapshot(row: ExpertRow) {
  return { status: row.status, statusReason: row.statusReason, userId: row.userId, name: row.name };
}
