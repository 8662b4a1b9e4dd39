import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { accounts, sessions, users } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';
import { writeAudit } from '../audit/audit-log.js';
import { passwordSchema } from '../../common/password.js';
import { AppError } from '../core/app-error.js';
import { hashPassword } from './password-hashing.js';
import { forgetResetLinks } from './reset-links.js';

/**
 * Sets the password of the account with this e-mail, an operator's action (`npm run user:set-password`):
 * how the person running a demo signs in as a demo expert, whose account has no password. Accounts
 * without a password get Better Auth's e-mail-and-password login; every session of the account ends.
 */
export async function setUserPassword(db: Database, email: string, password: string): Promise<{ email: string }> {
  const valid = passwordSchema.safeParse(password);
  if (!valid.success) throw new AppError('BAD_REQUEST', valid.error.issues[0]!.message);
  const hash = await hashPassword(password);
  return inTransaction(db, async (tx) => {
    const [user] = await tx.select({ id: users.id, email: users.email, deletedAt: users.deletedAt }).from(users).where(eq(users.email, email.trim().toLowerCase()));
    if (!user || user.deletedAt) throw new AppError('NOT_FOUND', `No account uses the e-mail address ${email}.`);
    const credential = and(eq(accounts.userId, user.id), eq(accounts.providerId, 'credential'));
    const [existing] = await tx.select({ id: accounts.id }).from(accounts).where(credential);
    if (existing) await tx.update(accounts).set({ password: hash }).where(eq(accounts.id, existing.id));
    else await tx.insert(accounts).values({ id: randomUUID(), accountId: user.id, providerId: 'credential', userId: user.id, password: hash });
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    await forgetResetLinks(tx, user.id);
    await writeAudit(tx, { actorUserId: null, actorRole: 'system', action: 'user.set_password', entityType: 'user', entityId: user.id, note: 'operator command' });
    return { email: user.email };
  });
}
