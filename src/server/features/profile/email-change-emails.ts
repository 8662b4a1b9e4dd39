import type { MailMessage } from '../../mail/mailer.js';
import { PRODUCT_NAME } from '../../../common/brand.js';
import { EMAIL_CHANGE_LINK_HOURS } from '../../../common/profile-email-change.js';

/** The link's page: it confirms the change as it opens (pages/confirm-email.tsx). */
export function confirmationLink(baseUrl: string, token: string): string {
  return `${baseUrl}/confirm-email?token=${encodeURIComponent(token)}`;
}

/** To the new address: the link that applies the change. The old address is not named to whoever reads it. */
export function confirmNewAddressEmail(to: string, link: string): MailMessage {
  return {
    to,
    subject: `Confirm your new ${PRODUCT_NAME} email address`,
    text: [
      `Someone asked to make ${to} the email address of their ${PRODUCT_NAME} account.`,
      '',
      `Open this link within ${EMAIL_CHANGE_LINK_HOURS} hours to confirm it:`,
      link,
      '',
      'Until you do, the account keeps its current email address. If it was not you, ignore this message; nothing changes.',
      '',
      PRODUCT_NAME,
    ].join('\n'),
  };
}

/** To the old address, when the change is asked for: what happens, and how to stop it. */
export function changeRequestedEmail(to: string, newEmail: string, baseUrl: string): MailMessage {
  return {
    to,
    subject: `Your ${PRODUCT_NAME} email address is about to change`,
    text: [
      `Someone signed in to your ${PRODUCT_NAME} account with its password asked to change its email address from ${to} to ${newEmail}.`,
      '',
      `The change happens only when the link we sent to ${newEmail} is opened, within ${EMAIL_CHANGE_LINK_HOURS} hours. Until then you keep signing in with ${to}.`,
      '',
      `If this was you, there is nothing to do. If it was not, choose a new password now with 'Forgot password?' on the sign-in page (${baseUrl}/login): a new password cancels the change and signs out every device.`,
      '',
      PRODUCT_NAME,
    ].join('\n'),
  };
}

/** To the old address, when the change applied: the account has left it. */
export function changeAppliedEmail(to: string, newEmail: string): MailMessage {
  return {
    to,
    subject: `Your ${PRODUCT_NAME} email address was changed`,
    text: [
      `The email address of your ${PRODUCT_NAME} account is now ${newEmail}: the link sent to it was opened. You sign in with ${newEmail} from now on, and ${to} gets no more messages about the account.`,
      '',
      'If you did not ask for this, reply to this email at once so we can secure your account.',
      '',
      PRODUCT_NAME,
    ].join('\n'),
  };
}
