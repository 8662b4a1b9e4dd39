import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { NotificationKind } from '../../common/notifications.js';

export interface CalendarInvite {
  /** REQUEST adds or updates the event in the reader's calendar; CANCEL removes it. */
  method: 'REQUEST' | 'CANCEL';
  /** The iCalendar text (.ics). */
  content: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The same message as HTML; every value in it is escaped by its writer. */
  html?: string;
  icalEvent?: CalendarInvite;
  /** Files sent with the message (an invoice's PDF), base64 so the message stays plain JSON in its job. */
  attachments?: { filename: string; contentType: string; contentBase64: string }[];
  /**
   * Sent even to an account whose address is not verified yet: the e-mails that let the owner of an address
   * take it back (its verification code, a password-reset link, the note of a sign-up attempt), which share
   * the account's allowance of three an hour (auth/account-email-limit.ts). Every other e-mail to such an
   * address is not sent (docs/PRODUCT.md#account-safety).
   */
  accountSafety?: true;
  /**
   * The notification it is part of: its kind may be turned off by its recipient, and then it is not sent;
   * else it leaves with a one-click unsubscribe for that kind (docs/PRODUCT.md#notifications).
   */
  notice?: EmailNotice;
  /** Extra header fields (List-Unsubscribe), set as it leaves. */
  headers?: Record<string, string>;
}

/** Whose e-mail of which kind of notification a message is. */
export interface EmailNotice {
  userId: string;
  kind: NotificationKind;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** The mailer the app owns. */
export interface MailTransport extends Mailer {
  /** Closes the SMTP connections (after the jobs that send have stopped). */
  close(): void;
}

/**
 * SMTP connections kept open and shared by every send, and so the most e-mails that leave at once: a
 * batch of e-mail jobs runs this many at a time (email-job.ts) rather than opening one connection each.
 */
export const SMTP_CONNECTIONS = 5;

/**
 * Sends through `SMTP_URL`; without it the message is written to the log, so a local user can still
 * follow a password-reset link.
 */
export function createMailer(options: { smtpUrl?: string; from: string; log: FastifyBaseLogger }): MailTransport {
  const { smtpUrl, from, log } = options;
  if (!smtpUrl) {
    return {
      async send(message) {
        const invite = message.icalEvent ? `\n\n[calendar invite: ${message.icalEvent.method}]` : '';
        const files = (message.attachments ?? []).map((file) => `\n[attached: ${file.filename}]`).join('');
        log.info({ mail: { to: message.to, subject: message.subject } }, `E-mail (no SMTP_URL set):\n${message.text}${invite}${files}`);
      },
      close() {},
    };
  }
  const transport = nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: SMTP_CONNECTIONS });
  return {
    close: () => transport.close(),
    async send({ icalEvent, attachments, accountSafety: _kind, notice: _notice, ...message }) {
      await transport.sendMail({
        from,
        ...message,
        ...(attachments
          ? { attachments: attachments.map((file) => ({ filename: file.filename, contentType: file.contentType, content: Buffer.from(file.contentBase64, 'base64') })) }
          : {}),
        ...(icalEvent ? { icalEvent: { method: icalEvent.method, content: icalEvent.content, filename: 'invite.ics' } } : {}),
      });
    },
  };
}
