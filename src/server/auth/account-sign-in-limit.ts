import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { requestLimits } from '../db/schema.js';
import { AppError } from '../core/app-error.js';
import { giveBackToAllowance, takeFromAllowance } from '../http/request-limiter.js';

/**
 * Wrong passwords for one account, from any number of addresses (OWASP ASVS 2.2.1): after
 * MAX_FAILURES in a window, sign-in to that account waits until the window ends. Only failures count,
 * so the owner's own successful sign-ins never use the allowance, and the wait is minutes, not a lockout.
 * A browser that signed in to the account before (remembered-device.ts) has an allowance of its own once
 * the account's is used up, so strangers failing on purpose do not shut the owner out.
 */
export const MAX_FAILURES = 10;
export const WINDOW_MS = 10 * 60_000;
export const ACCOUNT_LIMIT_MESSAGE = 'Too many failed sign-in attempts for this account. Please wait a few minutes and try again, or reset your password.';

function keyOf(email: string): string {
  return `sign-in-failures:${email.trim().toLowerCase()}`;
}

export interface SignInAttempt {
  /** The attempt did not fail on its password (it signed in, or never got as far): it is given back. */
  notFailed(): Promise<void>;
}

/**
 * Counts a sign-in to this account as a failure before its password is checked, and answers 429 when the
 * window's failures are used up, by the account and by this browser if it is a remembered one (asked only
 * then). Counting first, in one statement, is what holds against a burst: read before and counted after,
 * every wrong password of a simultaneous burst was checked.
 */
export async function beginSignInAttempt(
  db: Database,
  email: string,
  options: { rememberedDevice?: () => Promise<string | null>; now?: number } = {},
): Promise<SignInAttempt> {
  const now = options.now ?? Date.now();
  const take = (key: string) => takeFromAllowance(db, { key, max: MAX_FAILURES, windowMs: WINDOW_MS, now });
  const attemptIn = (key: string, windowStart: number): SignInAttempt => ({
    notFailed: () => giveBackToAllowance(db, { key, windowStart }),
  });
  const accountKey = keyOf(email);
  const account = await take(accountKey);
  if (account.taken) return attemptIn(accountKey, account.windowStart);
  const device = await options.rememberedDevice?.();
  if (device) {
    const deviceKey = `${accountKey}:device:${device}`;
    const own = await take(deviceKey);
    if (own.taken) return attemptIn(deviceKey, own.windowStart);
  }
  throw new AppError('TOO_MANY_REQUESTS', ACCOUNT_LIMIT_MESSAGE, undefined, account.retryAfterSeconds);
}

/** A password reset proves the address is the owner's: the account's failures so far are forgiven. */
export async function forgetSignInFailures(db: Database, email: string): Promise<void> {
  await db.delete(requestLimits).where(eq(requestLimits.key, keyOf(email)));
}
