import type { Database } from '../db/client.js';
import { takeFromAllowance, type Allowance } from '../http/request-limiter.js';

/**
 * E-mails to one account that anyone may ask for without signing in: password-reset links, and the note
 * that someone tried to sign up with the account's address. Each address a request comes from is limited
 * already; this bounds what many addresses together can send to one inbox. Past it a reset request is
 * answered as any other (nothing tells whether an e-mail left) and a sign-up is refused with 429.
 */
export const MAX_ACCOUNT_EMAILS = 3;
export const ACCOUNT_EMAIL_WINDOW_MS = 60 * 60_000;

/** Counts one more such e-mail to the account; counts nothing when its allowance is used up. */
export function takeAccountEmail(db: Database, userId: string, now = Date.now()): Promise<Allowance> {
  return takeFromAllowance(db, { key: `account-emails:${userId}`, max: MAX_ACCOUNT_EMAILS, windowMs: ACCOUNT_EMAIL_WINDOW_MS, now });
}
