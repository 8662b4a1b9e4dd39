import type { MailMessage } from '../../mail/mailer.js';
import { PRODUCT_NAME } from '../../../common/brand.js';
import { CONTACT_TOPIC_LABELS, type ContactTopic } from '../../../common/contact.js';

/**
 * The e-mails of 'Contact Us' (docs/PRODUCT.md#contact-us). None promises a time to answer: the queue is
 * read by people, as they can.
 */

const quoted = (text: string) => text.split('\n').map((line) => `> ${line}`).join('\n');

/** To a signed-in sender, at their account's address: we have the message. */
export function contactReceivedEmail(options: { to: string; id: number; topic: ContactTopic; message: string }): MailMessage {
  return {
    to: options.to,
    subject: `We received your message (#${options.id})`,
    text: [
      'Hello,',
      '',
      `Thank you for writing to ${PRODUCT_NAME} about ${CONTACT_TOPIC_LABELS[options.topic].toLowerCase()}. A member of our team reads every message and will answer you by e-mail at this address.`,
      '',
      'Your message:',
      quoted(options.message),
      '',
      PRODUCT_NAME,
    ].join('\n'),
  };
}

/** To each administrator: a message waits in the queue. The sender's words stay in the queue, not in the e-mail. */
export function contactWaitingEmail(options: { to: string; id: number; topic: ContactTopic; signedIn: boolean; baseUrl: string }): MailMessage {
  return {
    to: options.to,
    subject: `New contact message #${options.id}: ${CONTACT_TOPIC_LABELS[options.topic]}`,
    text: [
      `A ${options.signedIn ? 'signed-in' : 'signed-out'} visitor wrote to ${PRODUCT_NAME} (${CONTACT_TOPIC_LABELS[options.topic].toLowerCase()}).`,
      '',
      'Read and answer it in Contact Messages:',
      `${options.baseUrl}/contact-messages`,
    ].join('\n'),
  };
}

/** The administrator's answer, to the sender. */
export function contactReplyEmail(options: { to: string; id: number; reply: string; message: string }): MailMessage {
  return {
    to: options.to,
    subject: `Re: your message to ${PRODUCT_NAME} (#${options.id})`,
    text: [options.reply, '', 'You wrote:', quoted(options.message), '', PRODUCT_NAME].join('\n'),
  };
}
