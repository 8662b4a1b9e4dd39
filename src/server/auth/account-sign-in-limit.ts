import type { Database } from '../db/client.js';
import { AppError } from '../core/app-error.js';
import { consumeRequestLimit, countInWindow, secondsLeftInWindow } from '../http/request-limiter.js';

/**
 * Wrong passwords for one account, from any number of addresses (OWASP ASVS 2.2.1): after
 * MAX_FAILURES in a window, sign-in to that account waits until the window ends. Only failures count,
 * so the owner's own successful sign-ins never use the allowance, and the wait is minutes, not a lockout.
 */
export const MAX_FAILURES = 10;
export const WINDOW_MS = 10 * 60_000;
export const ACCOUNT_LIMIT_MESSAGE = 'Too many failed sign-in attempts for this account. Please wait a few minutes and try again, or reset your password.';

function keyOf(email: string): string {
  return `sign-in-failures:${email.trim().toLowerCase()}`;
}

/** 429 when the account has had too many failed sign-ins in this window. */
export async function assertAccountMayTrySignIn(db: Database, email: string, now = Date.now()): Promise<void> {
  if ((await countInWindow(db, keyOf(email), WINDOW_MS, now)) >= MAX_FAILURES) {
    throw new AppError('TOO_MANY_REQUESTS', ACCOUNT_LIMIT_MESSAGE, undefined, secondsLeftInWindow(now, WINDOW_MS));
  }
}

export async function recordFailedSignIn(db: Database, email: string, now = Date.now()): Promise<void> {
  // The count itself is what matters here; going over is answered by the next attempt's check.
  await consumeRequestLimit(db, { key: keyOf(email), max: Number.MAX_SAFE_INTEGER, windowMs: WINDOW_MS, message: ACCOUNT_LIMIT_MESSAGE, now });
}
