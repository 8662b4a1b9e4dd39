import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Sends through `SMTP_URL`; without it the message is written to the log, so a local user can still
 * follow a password-reset link.
 */
export function createMailer(options: { smtpUrl?: string; from: string; log: FastifyBaseLogger }): Mailer {
  const { smtpUrl, from, log } = options;
  if (!smtpUrl) {
    return {
      async send(message) {
        log.info({ mail: { to: message.to, subject: message.subject } }, `E-mail (no SMTP_URL set):\n${message.text}`);
      },
    };
  }
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}
