import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { emailChanges, users } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../core/app-error.js';
import { writeAudit } from '../../audit/audit-log.js';
import { enqueueEmail } from '../../mail/email-job.js';
import { consumeRequestLimit } from '../../http/request-limiter.js';
import type { ServiceContext } from '../../core/service-context.js';
import { EMAIL_CHANGE_LINK_HOURS, type EmailChangeConfirmed, type PendingEmailChange } from '../../../common/profile-email-change.js';
import { passwordStampOf } from './current-password.js';
import { changeAppliedEmail, changeRequestedEmail, confirmationLink, confirmNewAddressEmail } from './email-change-emails.js';

export type ProfileDeps = Pick<ServiceContext, 'db' | 'jobs' | 'baseUrl' | 'now'>;

export const EMAIL_TAKEN_MESSAGE = 'This email address is already used by another account.';
export const TOO_MANY_EMAIL_CHANGES = 'Too many attempts to change your email address. Please try again later.';
export const LINK_NOT_VALID = 'This confirmation link is not valid. Open the whole link from the latest email, or change your email address again from My Profile.';
export const LINK_ALREADY_USED = 'This confirmation link was already used: the email address was changed then.';
export const LINK_EXPIRED = 'This confirmation link has expired. Change your email address again from My Profile to get a new one.';
export const LINK_REPLACED = 'A newer request replaced this confirmation link. Open the link in the latest email we sent.';
export const LINK_PASSWORD_CHANGED =
  'The password of this account was changed after this link was sent, so it no longer works. Change your email address again from My Profile.';

/** Attempts to change the e-mail address (right password or wrong) per account: each may check a password. */
const EMAIL_CHANGE_LIMIT = { max: 5, windowMs: 60 * 60 * 1000 };

export const TOO_MANY_LINK_ATTEMPTS = 'Too many confirmation links were tried from this connection. Please wait a few minutes and try again.';
/** Links followed per client address: the link is the only proof, so guessing one is slowed down too. */
const LINK_ATTEMPT_LIMIT = { max: 10, windowMs: 10 * 60 * 1000 };

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Counts an attempt before its password is checked, in one atomic step, so a burst cannot try more
 * passwords than the limit allows.
 */
export function countEmailChangeAttempt(db: Database, userId: string, now: Date): Promise<void> {
  return consumeRequestLimit(db, { key: `email-change:${userId}`, ...EMAIL_CHANGE_LIMIT, message: TOO_MANY_EMAIL_CHANGES, now: now.getTime() });
}

/** 409 when another account has the address; checked again when the change applies. */
export async function refuseTakenEmail(db: Database, userId: string, email: string): Promise<void> {
  const [other] = await db.select({ id: users.id }).from(users).where(and(eq(users.email, email), ne(users.id, userId)));
  if (other) throw new AppError('CONFLICT', EMAIL_TAKEN_MESSAGE, { email: EMAIL_TAKEN_MESSAGE });
}

/**
 * Inside the profile's transaction, after the user's row is locked by its update: replaces any pending
 * request with this one, and queues the link to the new address and the notice to the old one.
 */
export async function requestEmailChange(
  deps: ProfileDeps,
  tx: Database,
  user: { id: string; email: string },
  newEmail: string,
  passwordStamp: string,
): Promise<void> {
  const now = deps.now();
  await tx
    .update(emailChanges)
    .set({ status: 'replaced', resolvedAt: now })
    .where(and(eq(emailChanges.userId, user.id), eq(emailChanges.status, 'pending')));
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + EMAIL_CHANGE_LINK_HOURS * 60 * 60 * 1000);
  await tx.insert(emailChanges).values({ userId: user.id, newEmail, tokenHash: hashOf(token), passwordStamp, createdAt: now, expiresAt });
  await writeAudit(tx, {
    actorUserId: user.id,
    actorRole: 'user',
    action: 'email_change.requested',
    entityType: 'user',
    entityId: user.id,
    before: { email: user.email },
    after: { pendingEmail: newEmail, expiresAt: expiresAt.toISOString() },
  });
  await enqueueEmail(deps.jobs, tx, confirmNewAddressEmail(newEmail, confirmationLink(deps.baseUrl, token)));
  await enqueueEmail(deps.jobs, tx, changeRequestedEmail(user.email, newEmail, deps.baseUrl));
}

/** The user's change waiting for its link, if one is still live. */
export async function pendingEmailChange(deps: ProfileDeps, userId: string): Promise<PendingEmailChange | null> {
  const [row] = await deps.db
    .select({ newEmail: emailChanges.newEmail, expiresAt: emailChanges.expiresAt })
    .from(emailChanges)
    .where(and(eq(emailChanges.userId, userId), eq(emailChanges.status, 'pending')))
    .orderBy(desc(emailChanges.createdAt))
    .limit(1);
  if (!row || row.expiresAt <= deps.now()) return null;
  return { newEmail: row.newEmail, expiresAt: row.expiresAt.toISOString() };
}

/**
 * Follows a confirmation link: in one transaction with its audit entry and the notice to the old address,
 * the account's e-mail becomes the new one, if the link is live, the password is the one it was asked
 * with and no other account has taken the address meanwhile. Sessions are kept: the change was asked with
 * the password and proved from the new address, and a password change is the way to end them
 * (docs/PRODUCT.md#changing-the-e-mail-address).
 */
export async function confirmEmailChange(deps: ProfileDeps, token: string, clientAddress: string): Promise<EmailChangeConfirmed> {
  await consumeRequestLimit(deps.db, { key: `email-change-link:${clientAddress}`, ...LINK_ATTEMPT_LIMIT, message: TOO_MANY_LINK_ATTEMPTS, now: deps.now().getTime() });
  try {
    return await inTransaction(deps.db, async (tx) => {
      const now = deps.now();
      const [change] = await tx.select().from(emailChanges).where(eq(emailChanges.tokenHash, hashOf(token))).for('update');
      if (!change) throw new AppError('NOT_FOUND', LINK_NOT_VALID);
      if (change.status === 'applied') throw new AppError('CONFLICT', LINK_ALREADY_USED);
      if (change.status === 'replaced') throw new AppError('GONE', LINK_REPLACED);
      if (change.expiresAt <= now) throw new AppError('GONE', LINK_EXPIRED);
      const [user] = await tx.select().from(users).where(eq(users.id, change.userId)).for('update');
      if (!user || user.deletedAt || user.status === 'inactive') throw new AppError('NOT_FOUND', LINK_NOT_VALID);
      if ((await passwordStampOf(tx, user.id)) !== change.passwordStamp) throw new AppError('GONE', LINK_PASSWORD_CHANGED);
      await refuseTakenEmail(tx, user.id, change.newEmail);
      await tx.update(users).set({ email: change.newEmail, emailVerified: true }).where(eq(users.id, user.id));
      await tx.update(emailChanges).set({ status: 'applied', resolvedAt: now }).where(eq(emailChanges.id, change.id));
      await writeAudit(tx, {
        actorUserId: user.id,
        actorRole: 'user',
        action: 'email_change.applied',
        entityType: 'user',
        entityId: user.id,
        before: { email: user.email },
        after: { email: change.newEmail },
      });
      await enqueueEmail(deps.jobs, tx, changeAppliedEmail(user.email, change.newEmail));
      return { email: change.newEmail };
    });
  } catch (error) {
    // Another account took the address between the check and the update (a sign-up at that moment).
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', EMAIL_TAKEN_MESSAGE, { email: EMAIL_TAKEN_MESSAGE });
    throw error;
  }
}
