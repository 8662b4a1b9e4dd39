import type { MailMessage } from '../../mail/mailer.js';
import { PRODUCT_NAME } from '../../../common/brand.js';
import type { BookingReminderKind } from '../../db/schema.js';
import { expertWhen, joinLines, ownerWhen } from './booking-emails.js';
import type { BookingRecord } from './booking-record.js';
import type { Notice } from '../notifications/index.js';

const IN_WORDS: Record<BookingReminderKind, string> = { '24h': 'in 24 hours', '1h': 'in 1 hour' };

function serviceName(record: BookingRecord): string {
  return record.booking.serviceType === 'video' ? 'video consultation' : 'onsite service visit';
}

/** Where the expert goes: the boat's address, its marina and slip. */
function whereLine(record: BookingRecord): string[] {
  const { boatAddress, marinaName, dockSlip } = record.booking;
  if (record.booking.serviceType !== 'onsite') return [];
  return [`Where: ${[boatAddress, marinaName, dockSlip ? `dock/slip ${dockSlip}` : null].filter(Boolean).join(', ')}`];
}

/** What both reminders say about the booking: number, time as `when` tells it, and the link or the address. */
function bookingLines(record: BookingRecord, baseUrl: string, whoLine: string, when: string): string[] {
  const { booking } = record;
  return [
    `Booking #${booking.number}: ${whoLine}`,
    `When: ${when}`,
    ...whereLine(record),
    ...(booking.serviceType === 'video' ? ['', ...joinLines(booking, baseUrl)] : []),
  ];
}

/** The owner's reminder of a confirmed booking. */
export function ownerReminder(record: BookingRecord, kind: BookingReminderKind, baseUrl: string): MailMessage {
  const { booking, expert, owner } = record;
  const url = `${baseUrl}/bookings/${booking.id}`;
  return {
    to: owner.email,
    notice: { userId: owner.id, kind: 'booking_reminder' },
    subject: `Reminder: your ${serviceName(record)} with ${expert.name} starts ${IN_WORDS[kind]} (#${booking.number})`,
    text: [
      `Hello ${owner.name},`,
      '',
      `Your ${serviceName(record)} with ${expert.name} (${expert.specialty}) starts ${IN_WORDS[kind]}.`,
      '',
      ...bookingLines(record, baseUrl, `${serviceName(record)} with ${expert.name}`, ownerWhen(record)),
      '',
      `See the booking, change or cancel it: ${url}`,
      '',
      PRODUCT_NAME,
    ].join('\n'),
  };
}

/** The expert's reminder (experts with an account only: demo experts have no address). */
export function expertReminder(record: BookingRecord, kind: BookingReminderKind, baseUrl: string): MailMessage | undefined {
  const { booking, expert, owner } = record;
  if (!expert.email) return undefined;
  const url = `${baseUrl}/bookings/${booking.id}`;
  return {
    to: expert.email,
    ...(expert.userId ? { notice: { userId: expert.userId, kind: 'booking_reminder' as const } } : {}),
    subject: `Reminder: ${serviceName(record)} for ${owner.name} starts ${IN_WORDS[kind]} (#${booking.number})`,
    text: [
      `Hello ${expert.name},`,
      '',
      `Your ${serviceName(record)} for ${owner.name} starts ${IN_WORDS[kind]}.`,
      '',
      ...bookingLines(record, baseUrl, `${serviceName(record)} for ${owner.name}`, expertWhen(record)),
      ...(booking.serviceType === 'onsite' && booking.contactPhone ? [`Owner's phone: ${booking.contactPhone}`] : []),
      `Issue: ${booking.description}`,
      '',
      `See the booking: ${url}`,
      '',
      PRODUCT_NAME,
    ].join('\n'),
  };
}

/** The reminder in each party's notification centre (experts with an account only). */
export function reminderNotifications(record: BookingRecord, kind: BookingReminderKind): Notice[] {
  const { booking, expert, owner } = record;
  const path = `/bookings/${booking.id}`;
  const title = `Starts ${IN_WORDS[kind]}: booking #${booking.number}`;
  return [
    { userId: owner.id, kind: 'booking_reminder', title, body: `Your ${serviceName(record)} with ${expert.name}.`, path },
    ...(expert.userId ? [{ userId: expert.userId, kind: 'booking_reminder' as const, title, body: `Your ${serviceName(record)} for ${owner.name}.`, path }] : []),
  ];
}
