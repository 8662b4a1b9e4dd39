import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../db/client.js';
import type { EmailNotice, MailMessage } from '../../mail/mailer.js';
import type { EmailPreferences } from '../../mail/email-job.js';
import { NOTIFICATION_KIND_RULES, type NotificationKind } from '../../../common/notifications.js';
import { preferencesFor } from './preferences.js';
import { escapeMarkup } from '../../core/markup.js';

export const UNSUBSCRIBE_PATH = '/api/notifications/unsubscribe';

/**
 * The signature of a one-click unsubscribe address: who, and from which kind. Derived from the server's
 * secret, so the address needs no stored token and stays valid as long as the e-mail does; it can only
 * turn that one kind of e-mail off for that one person.
 */
export function unsubscribeSignature(secret: string, notice: EmailNotice): string {
  return createHmac('sha256', secret).update(`unsubscribe:${notice.userId}:${notice.kind}`).digest('base64url');
}

export function signatureMatches(secret: string, notice: EmailNotice, signature: string): boolean {
  const expected = Buffer.from(unsubscribeSignature(secret, notice));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function unsubscribeUrl(baseUrl: string, secret: string, notice: EmailNotice): string {
  const query = new URLSearchParams({ u: notice.userId, k: notice.kind, s: unsubscribeSignature(secret, notice) });
  return `${baseUrl}${UNSUBSCRIBE_PATH}?${query}`;
}

/**
 * Notifications' e-mails follow their recipient's choice as they leave, so a kind turned off after the
 * event stops its e-mail too. One that may be turned off carries the one-click unsubscribe of RFC 8058 and
 * a line saying how to stop it; receipts and invoices cannot be turned off and carry neither.
 */
export function createEmailPreferences(options: { baseUrl: string; secret: string }): EmailPreferences {
  return {
    async prepare(db: Database, message: MailMessage & { notice: EmailNotice }) {
      const { notice } = message;
      if (NOTIFICATION_KIND_RULES[notice.kind].emailRequired) return message;
      const preference = (await preferencesFor(db, [notice.userId], notice.kind)).get(notice.userId);
      if (preference && !preference.email) return null;
      const url = unsubscribeUrl(options.baseUrl, options.secret, notice);
      const settings = `${options.baseUrl}/settings#notifications`;
      const html = message.html
        ? `${message.html}<p style="color:#64748b;font-size:12px">${escapeMarkup(stopLine(notice.kind))} <a href="${escapeMarkup(url)}">Unsubscribe</a> · <a href="${escapeMarkup(settings)}">Choose in Settings</a></p>`
        : undefined;
      return {
        ...message,
        text: `${message.text}\n\n${stopLine(notice.kind)} ${url}\nOr choose what reaches you in Settings: ${settings}`,
        ...(html ? { html } : {}),
        headers: { ...message.headers, 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      };
    },
  };
}

function stopLine(kind: NotificationKind): string {
  return `Stop e-mails about ${NOTIFICATION_KIND_RULES[kind].label.toLowerCase()}:`;
}
