import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { writeAudit } from '../../audit/audit-log.js';
import type { CurrentUser } from '../../../common/user.js';
import type { TimeZoneSetting } from '../../../common/profile-time-zone.js';
import { toCurrentUser } from '../../auth/current-user.js';
import { AppError } from '../../core/app-error.js';
import type { ProfileDeps } from './email-change.js';

/** Saves the zone the caller chose in Settings (docs/PRODUCT.md#settings), with its audit entry. */
export async function setTimeZone(deps: Pick<ProfileDeps, 'db'>, user: CurrentUser, input: TimeZoneSetting): Promise<CurrentUser> {
  return inTransaction(deps.db, async (tx) => {
    const [row] = await tx.update(users).set({ timeZone: input.timeZone }).where(eq(users.id, user.id)).returning();
    if (!row) throw new AppError('NOT_FOUND', 'Your account no longer exists.');
    await writeAudit(tx, {
      actorUserId: user.id,
      actorRole: 'user',
      action: 'user.time_zone',
      entityType: 'user',
      entityId: user.id,
      before: { timeZone: user.timeZone },
      after: { timeZone: row.timeZone },
    });
    return toCurrentUser(row);
  });
}
