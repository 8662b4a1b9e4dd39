import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { users } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { enqueueEmail } from '../mail/email-job.js';
import type { MailMessage } from '../mail/mailer.js';
import { AppError } from '../core/app-error.js';
import { PRODUCT_NAME } from '../../common/brand.js';
import { takeAccountEmail } from './account-email-limit.js';

export const TOO_MANY_SIGN_UPS = 'Too many attempts to sign up with this email address. Please try again later.';

function signUpAttemptEmail(to: string, baseUrl: string): MailMessage {
  return {
    to,
    subject: `Someone tried to create a ${PRODUCT_NAME} account with your email address`,
    text: [
      `Someone tried to create a new ${PRODUCT_NAME} account with ${to}, which already has an account. No account was created and nothing about yours changed.`,
      '',
      `If it was you, sign in instead (${baseUrl}/login), or choose a new password there with 'Forgot password?'.`,
      '',
      'If it was not you, there is nothing to do.',
      '',
      PRODUCT_NAME,
    ].join('\n'),
  };
}

/**
 * A sign-up with an address that already has an account (our answer says so, as the sign-up form must):
 * the owner is told by e-mail, after commit, from the e-mail job. The attempt counts in the account's
 * allowance of e-mails, and past it is refused with 429, so repeating it neither floods the owner's
 * inbox nor goes on for ever.
 */
export async function noteSignUpOfExistingAccount(deps: { db: Database; jobs: JobQueue; baseUrl: string }, email: string): Promise<void> {
  const now = Date.now();
  await inTransaction(deps.db, async (tx) => {
    const [owner] = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, email.trim().toLowerCase()));
    if (!owner) return;
    const allowance = await takeAccountEmail(tx, owner.id, now);
    if (!allowance.taken) throw new AppError('TOO_MANY_REQUESTS', TOO_MANY_SIGN_UPS, undefined, allowance.retryAfterSeconds);
    await enqueueEmail(deps.jobs, tx, signUpAttemptEmail(owner.email, deps.baseUrl));
  });
}
