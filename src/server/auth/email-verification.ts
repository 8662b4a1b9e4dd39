import { APIError } from 'better-auth/api';
import type { Database } from '../db/client.js';
import type { Mailer, MailMessage } from '../mail/mailer.js';
import { PRODUCT_NAME } from '../../common/brand.js';
import { takeAccountEmail } from './account-email-limit.js';

/** How long a code and a link work: one hour (docs/PRODUCT.md#accounts-and-sign-in). */
export const VERIFICATION_SECONDS = 60 * 60;
/** Wrong codes allowed before a code is spent and a new one must be sent. */
export const CODE_ATTEMPTS = 3;
/** Where the link leads once it has verified the address and signed the account in. */
const AFTER_LINK_PATH = '/dashboard';

/** The code of that refusal, by which the sign-in routes tell it from other 429s. */
export const TOO_MANY_CODES_CODE = 'TOO_MANY_CODES';
export const TOO_MANY_CODES = 'We have sent this address as many codes as we may for now. Please try again later.';

/** Better Auth's codes for a refused code, in our words (the API answers these messages). */
export const CODE_REFUSALS: Record<string, { status?: number; message: string }> = {
  INVALID_OTP: { message: 'That code is not right. Check the e-mail we sent and try again.' },
  OTP_EXPIRED: { message: "That code has expired. Choose 'Send the code again' for a new one." },
  // Better Auth answers 403: the code is spent, and only a new one helps, as after any other limit.
  TOO_MANY_ATTEMPTS: { status: 429, message: "Too many wrong codes. Choose 'Send the code again' for a new one." },
};

function verificationEmail(to: string, code: string, link: string): MailMessage {
  return {
    to,
    subject: `${code} is your ${PRODUCT_NAME} code`,
    text: [
      `Confirm your e-mail address to finish creating your ${PRODUCT_NAME} account.`,
      '',
      `Your code: ${code}`,
      '',
      `Or open this link: ${link}`,
      '',
      'The code and the link work for one hour. Until you confirm, we send this address nothing else: no reminders, no booking or message e-mails.',
      '',
      'If you did not create an account, ignore this message; nothing will be sent to you.',
      '',
      PRODUCT_NAME,
    ].join('\n'),
    accountSafety: true,
  };
}

/**
 * Better Auth's `sendVerificationEmail`: one e-mail with a 6-digit code (its email-otp plugin) and the
 * link it made. Each counts in the account's allowance of e-mails; past it the request is refused with
 * 429, so 'Send the code again' sends at most three an hour.
 */
export function verificationSender(deps: { db: Database; mailer: Mailer; createCode: (email: string) => Promise<string> }) {
  return async ({ user, url }: { user: { id: string; email: string }; url: string }) => {
    const allowance = await takeAccountEmail(deps.db, user.id);
    if (!allowance.taken) {
      throw new APIError('TOO_MANY_REQUESTS', { code: TOO_MANY_CODES_CODE, message: TOO_MANY_CODES }, { 'retry-after': String(allowance.retryAfterSeconds) });
    }
    const link = new URL(url);
    link.searchParams.set('callbackURL', AFTER_LINK_PATH);
    await deps.mailer.send(verificationEmail(user.email, await deps.createCode(user.email), link.toString()));
  };
}
