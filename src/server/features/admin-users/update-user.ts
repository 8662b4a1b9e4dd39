import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { sessions, users } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../core/app-error.js';
import { writeAudit } from '../../audit/audit-log.js';
import { EMAIL_TAKEN_MESSAGE } from '../profile/index.js';
import type { AdminUser, AdminUserUpdate } from '../../../common/admin-users.js';
import {
  OWN_ADMIN_ROLE,
  OWN_DEACTIVATION,
  lockActiveAdministrators,
  lockUserToChange,
  refuseRemovingLastAdministrator,
} from './account-safety.js';

export const EXPERT_NEEDS_PROFILE =
  'Only an approved expert application makes an account an expert. Review the applications on the Expert Management screen.';
export const APPROVED_EXPERT_ROLE =
  'This user is an approved expert: their role follows their expert profile. Suspend the expert on the Expert Management screen instead.';

export interface UpdateUserOptions {
  /** The administrator making the change. */
  actorId: string;
  userId: string;
  input: AdminUserUpdate;
}

function refuseRoleChange(target: AdminUser, input: AdminUserUpdate): void {
  if (input.role === target.role) return;
  // The workspace acts on the caller's expert profile: without an approved one (none yet, or suspended)
  // the role would open a workspace for an expert who may not work.
  if (input.role === 'expert' && target.expertStatus !== 'approved') throw new AppError('CONFLICT', EXPERT_NEEDS_PROFILE);
  // Demoting here would leave the expert listed and bookable with nobody able to answer the requests.
  if (target.role === 'expert' && target.expertStatus === 'approved') throw new AppError('CONFLICT', APPROVED_EXPERT_ROLE);
}

async function refuseTakenEmail(tx: Database, userId: string, email: string): Promise<void> {
  const [other] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), ne(users.id, userId)));
  if (other) throw new AppError('CONFLICT', EMAIL_TAKEN_MESSAGE, { email: EMAIL_TAKEN_MESSAGE });
}

/**
 * An administrator's edit of an account, in one transaction with its audit entry. Deactivating ends the
 * account's sessions at once (an inactive account cannot start a new one); a role change shows on the
 * user's next request, which reads the role from the database.
 */
export async function updateUser(db: Database, { actorId, userId, input }: UpdateUserOptions): Promise<AdminUser> {
  try {
    return await inTransaction(db, async (tx) => {
      const activeAdministrators = await lockActiveAdministrators(tx);
      const before = await lockUserToChange(tx, userId);
      if (userId === actorId) {
        if (input.role !== 'admin') throw new AppError('CONFLICT', OWN_ADMIN_ROLE);
        if (input.status === 'inactive') throw new AppError('CONFLICT', OWN_DEACTIVATION);
      }
      if (input.role !== 'admin' || input.status === 'inactive') refuseRemovingLastAdministrator(activeAdministrators, before);
      refuseRoleChange(before, input);
      await refuseTakenEmail(tx, userId, input.email);

      await tx
        .update(users)
        .set({ ...input, name: `${input.firstName} ${input.lastName}` })
        .where(eq(users.id, userId));
      const endedSessions =
        input.status === 'inactive'
          ? (await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id })).length
          : 0;
      const after = await lockUserToChange(tx, userId);
      await writeAudit(tx, {
        actorUserId: actorId,
        actorRole: 'admin',
        action: 'user.update',
        entityType: 'user',
        entityId: userId,
        before,
        after,
        note: endedSessions > 0 ? `Deactivated: ${endedSessions} session(s) ended` : null,
      });
      return after;
    });
  } catch (error) {
    // Another account took the address between the check and the write.
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', EMAIL_TAKEN_MESSAGE, { email: EMAIL_TAKEN_MESSAGE });
    throw error;
  }
}
