import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { experts, users } from '../../db/schema.js';
import { AppError } from '../../core/app-error.js';
import type { AdminUser } from '../../../common/admin-users.js';
import { adminUserColumns, toAdminUser } from './admin-user-record.js';

export const USER_NOT_FOUND = 'User not found.';
export const OWN_ADMIN_ROLE = 'You cannot remove your own administrator role. Another administrator can do it.';
export const OWN_DEACTIVATION = 'You cannot deactivate your own account. Another administrator can do it.';
export const OWN_DELETION = 'You cannot delete your own account. Another administrator can do it.';
export const LAST_ADMIN =
  'This is the last active administrator: make another user an administrator first, so someone can still manage the service.';

/**
 * An administrator who can still act: role admin, not inactive (pending accounts sign in), not deleted.
 * Their rows are locked in id order for the rest of the transaction, so two administrators demoting,
 * deactivating or deleting each other at the same moment are served one after the other and the second
 * sees the first's change: the last administrator cannot be removed by a race.
 */
export async function lockActiveAdministrators(tx: Database): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), ne(users.status, 'inactive'), isNull(users.deletedAt)))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((row) => row.id);
}

/** The user to change, locked; unknown and deleted accounts are 404 alike. */
export async function lockUserToChange(tx: Database, userId: string): Promise<AdminUser> {
  const [row] = await tx
    .select(adminUserColumns)
    .from(users)
    .leftJoin(experts, eq(experts.userId, users.id))
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .for('update', { of: users });
  if (!row) throw new AppError('NOT_FOUND', USER_NOT_FOUND);
  return toAdminUser(row);
}

/** Refuses a change that would leave nobody able to administer the service. */
export function refuseRemovingLastAdministrator(activeAdministrators: string[], target: AdminUser): void {
  const isActiveAdministrator = activeAdministrators.includes(target.id);
  if (isActiveAdministrator && activeAdministrators.length <= 1) throw new AppError('CONFLICT', LAST_ADMIN);
}
