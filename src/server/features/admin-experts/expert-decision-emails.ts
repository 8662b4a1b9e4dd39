import type { MailMessage } from '../../mail/mailer.js';
import { PRODUCT_NAME } from '../../../common/brand.js';
import { escapeMarkup } from '../../core/markup.js';

export type ExpertDecisionEvent = 'approved' | 'suspended' | 'reinstated' | 'rejected';

export interface ExpertDecisionEmail {
  event: ExpertDecisionEvent;
  to: string;
  /** The person's first name, or the expert's name. */
  greeting: string;
  reason: string | null;
  baseUrl: string;
}

const SUBJECTS: Record<ExpertDecisionEvent, string> = {
  approved: `Welcome aboard: your ${PRODUCT_NAME} expert application is approved`,
  suspended: `Your ${PRODUCT_NAME} expert profile is suspended`,
  reinstated: `Your ${PRODUCT_NAME} expert profile is active again`,
  rejected: `Your ${PRODUCT_NAME} expert application`,
};

function paragraphs(email: ExpertDecisionEmail): { lines: string[]; link?: { label: string; url: string } } {
  const workspace = `${email.baseUrl}/workspace`;
  switch (email.event) {
    case 'approved':
      return {
        lines: [
          'Your application to join as an expert is approved. Your profile is now listed, and boat owners can book you.',
          'Sign in and open your workspace to set your video rate, your time zone and your working hours: you appear for video consultations once your video rate is set.',
        ],
        link: { label: 'Open your workspace', url: workspace },
      };
    case 'suspended':
      return {
        lines: [
          'An administrator has suspended your expert profile. It no longer appears in the listings and cannot be booked. Your upcoming bookings have been cancelled and their owners told.',
          `Reason given: ${email.reason ?? ''}`,
          'If you think this is a mistake, reply to this e-mail.',
        ],
      };
    case 'reinstated':
      return {
        lines: [
          'Your expert profile is active again: it appears in the listings and boat owners can book you.',
          ...(email.reason ? [`Note from the administrator: ${email.reason}`] : []),
        ],
        link: { label: 'Open your workspace', url: workspace },
      };
    case 'rejected':
      return {
        lines: [
          'Thank you for applying to join as an expert. After reviewing your application, we cannot approve it at this time.',
          `Reason given: ${email.reason ?? ''}`,
          'You are welcome to apply again once this is addressed.',
        ],
        link: { label: 'Apply again', url: `${email.baseUrl}/expert/apply` },
      };
  }
}

/** The e-mail telling an applicant or expert what an administrator decided, as text and escaped HTML. */
export function expertDecisionEmail(email: ExpertDecisionEmail): MailMessage {
  const { lines, link } = paragraphs(email);
  const text = [`Hello ${email.greeting},`, '', ...lines.flatMap((line) => [line, '']), ...(link ? [`${link.label}: ${link.url}`, ''] : []), PRODUCT_NAME].join('\n');
  const html = [
    `<p>Hello ${escapeMarkup(email.greeting)},</p>`,
    ...lines.map((line) => `<p>${escapeMarkup(line)}</p>`),
    ...(link ? [`<p><a href="${escapeMarkup(link.url)}">${escapeMarkup(link.label)}</a></p>`] : []),
    `<p>${escapeMarkup(PRODUCT_NAME)}</p>`,
  ].join('\n');
  return { to: email.to, subject: SUBJECTS[email.event], text, html };
}

/** The decision as the expert's notification centre shows it: a line and what it means. */
export function expertDecisionNotice(event: ExpertDecisionEvent, reason: string | null): { title: string; body: string; path: string } {
  switch (event) {
    case 'approved':
      return { title: 'Your expert application is approved', body: 'Set your rates and working hours in your workspace to be booked.', path: '/workspace' };
    case 'suspended':
      return { title: 'Your expert profile is suspended', body: `It is hidden and cannot be booked. Reason given: ${reason ?? ''}`, path: '/workspace' };
    case 'reinstated':
      return { title: 'Your expert profile is active again', body: 'It appears in the listings and owners can book you.', path: '/workspace' };
    case 'rejected':
      return { title: 'Your expert application was not approved', body: `Reason given: ${reason ?? ''}`, path: '/expert/apply' };
  }
}
