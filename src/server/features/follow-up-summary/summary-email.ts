import type { MailMessage } from '../../mail/mailer.js';
import { PRODUCT_NAME } from '../../../common/brand.js';
import type { FollowUpSummaryContent, SummaryPart } from '../../../common/follow-up-summary.js';
import { describeTime } from '../../../common/zoned-time.js';
import type { BookingRecord } from '../bookings/index.js';

function partLine(part: SummaryPart): string {
  const quantity = part.quantity ? `${part.quantity} x ` : '';
  const number = part.partNumber ? ` (part no. ${part.partNumber})` : '';
  return `- ${quantity}${part.name}${number}`;
}

/**
 * The owner's e-mail with the follow-up summary (plain text: what the expert typed is never markup). An
 * amendment sends the whole summary again, marked as updated, so the latest e-mail is always complete.
 */
export function summaryEmail(record: BookingRecord, summary: FollowUpSummaryContent, options: { baseUrl: string; amended: boolean }): MailMessage {
  const { booking, expert, owner } = record;
  const url = `${options.baseUrl}/bookings/${booking.id}`;
  const lead = options.amended
    ? `${expert.name} has updated the follow-up summary of your video consultation. This is the whole summary as it stands now.`
    : `${expert.name} has written the follow-up summary of your video consultation.`;
  const lines = [
    `Hello ${owner.name},`,
    '',
    lead,
    'Calls are not recorded; this summary is your written record of the consultation.',
    '',
    `Booking #${booking.number}: 30-minute video consultation with ${expert.name} (${expert.specialty})`,
    `When: ${describeTime(booking.startsAt, booking.timeZone)} (the expert's local time)`,
    '',
    'What the expert found',
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
  return {
    to: owner.email,
    subject: `${options.amended ? 'Updated follow-up summary' : 'Follow-up summary'}: #${booking.number} with ${expert.name}`,
    text: lines.join('\n'),
  };
}
