import type { MailMessage } from '../../mail/mailer.js';
import { PRODUCT_NAME } from '../../../common/brand.js';
import { FOLLOW_UP_WORDS, type FollowUpSummaryContent, type SummaryPart } from '../../../common/follow-up-summary.js';
import { ownerWhen, type BookingRecord } from '../bookings/index.js';
import { capitalize } from '../../../common/text.js';

function partLine(part: SummaryPart): string {
  const quantity = part.quantity ? `${part.quantity} x ` : '';
  const number = part.partNumber ? ` (part no. ${part.partNumber})` : '';
  return `- ${quantity}${part.name}${number}`;
}

/** What the booking was, in the e-mail's booking line. */
function serviceLine(record: BookingRecord): string {
  const { booking, expert } = record;
  const what = booking.serviceType === 'video' ? '30-minute video consultation' : 'onsite service visit';
  return `Booking #${booking.number}: ${what} with ${expert.name} (${expert.specialty})`;
}

/**
 * The owner's e-mail with the follow-up summary or service report (plain text: what the expert typed is
 * never markup). An amendment sends it whole again, marked as updated, so the latest e-mail is complete.
 */
export function summaryEmail(record: BookingRecord, summary: FollowUpSummaryContent, options: { baseUrl: string; amended: boolean }): MailMessage {
  const { booking, expert, owner } = record;
  const words = FOLLOW_UP_WORDS[booking.serviceType];
  const url = `${options.baseUrl}/bookings/${booking.id}`;
  const lead = options.amended
    ? `${expert.name} has updated the ${words.name} of your ${words.service}. This is the whole ${words.short} as it stands now.`
    : `${expert.name} has written the ${words.name} of your ${words.service}.`;
  const recordNote =
    booking.serviceType === 'video'
      ? 'Calls are not recorded; this summary is your written record of the consultation.'
      : 'This report is your written record of the visit: keep it with the boat\'s papers.';
  const found = booking.serviceType === 'video' ? 'What the expert found' : 'What the technician found and did';
  const lines = [
    `Hello ${owner.name},`,
    '',
    lead,
    recordNote,
    '',
    serviceLine(record),
    `When: ${ownerWhen(record)}`,
    '',
    found,
    summary.findings,
    '',
    'Recommended next steps',
    summary.nextSteps,
    '',
    'Parts',
    ...(summary.parts.length > 0 ? summary.parts.map(partLine) : ['No parts needed.']),
    '',
    `Read it on your booking page: ${url}`,
    '',
    PRODUCT_NAME,
  ];
  const title = capitalize(words.name);
  return {
    to: owner.email,
    subject: `${options.amended ? `Updated ${words.name}` : title}: #${booking.number} with ${expert.name}`,
    text: lines.join('\n'),
  };
}
