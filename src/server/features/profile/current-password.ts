import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { accounts } from '../../db/schema.js';
import { AppError } from '../../core/app-error.js';
import { SIGN_INS_BUSY, SIGN_INS_BUSY_CODE, verifyPassword } from '../../auth/password-hashing.js';
import { INCORRECT_PASSWORD } from '../../../common/profile-email-change.js';

export const NO_PASSWORD =
  "Your account has no password yet. Choose one with 'Forgot password?' on the sign-in page, then change your email address.";

/** The account's password hash (Better Auth's credential account), or null for an account without one. */
async function passwordHashOf(db: Database, userId: string): Promise<string | null> {
  const [account] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
  return account?.password ?? null;
}

/** A digest of the password hash: its salt is new with every password, so any new password changes it. */
function stampOf(hash: string | null): string {
  return createHash('sha256').update(hash ?? '').digest('hex');
}

export async function passwordStampOf(db: Database, userId: string): Promise<string> {
  return stampOf(await passwordHashOf(db, userId));
}

/**
 * Checks the password the person typed against their account's, through the same queue of hashes as
 * sign-in, and answers the password's stamp. A wrong one is a 400 on the form's field.
 */
export async function checkCurrentPassword(db: Database, userId: string, password: string): Promise<string> {
  const hash = await passwordHashOf(db, userId);
  if (!hash) throw AppError.onField('currentPassword', NO_PASSWORD);
  let matches: boolean;
  try {
    matches = await verifyPassword({ hash, password });
  } catch (error) {
    // The queue of hashes is full: Better Auth's refusal, in our error type for our own route.
    if ((error as { body?: { code?: unknown } }).body?.code === SIGN_INS_BUSY_CODE) {
      throw new AppError('SERVICE_UNAVAILABLE', SIGN_INS_BUSY, undefined, 3);
    }
    throw error;
  }
  if (!matches) throw AppError.onField('currentPassword', INCORRECT_PASSWORD);
  return stampOf(hash);
}
