import type { Database } from '../db/client.js';
import type { Mailer, MailMessage } from '../mail/mailer.js';
import { PRODUCT_NAME } from '../../common/brand.js';
import { takeAccountEmail } from './account-email-limit.js';

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
    accountSafety: true,
  };
}

/**
 * A sign-up with an address that already has an account is answered as any other sign-up, so nothing
 * tells that the address has one (docs/PRODUCT.md#account-safety); its owner is told by e-mail instead.
 * The note counts in the account's allowance of e-mails, and past it none leaves, so repeating the
 * sign-up neither floods the owner's inbox nor tells anything by its answer.
 */
export async function noteSignUpOfExistingAccount(deps: { db: Database; mailer: Mailer; baseUrl: string }, owner: { id: string; email: string }): Promise<void> {
  if (!(await takeAccountEmail(deps.db, owner.id)).taken) return;
  await deps.mailer.send(signUpAttemptEmail(owner.email, deps.baseUrl));
}
