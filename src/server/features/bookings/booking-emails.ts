import type { CalendarInvite, MailMessage } from '../../mail/mailer.js';
import { calendarEventText } from '../../mail/icalendar.js';
import { PRODUCT_NAME } from '../../../common/brand.js';
import { centsToDecimal } from '../../../common/experts-rules.js';
import { BOAT_TYPE_LABELS } from '../../../common/bookings-fields.js';
import { bookingTimeZone, describeTimeFor, whoseTime } from '../../../common/bookings-time-zone.js';
import type { bookings } from '../../db/schema.js';
import type { BookingRecord } from './booking-record.js';
import type { NotificationKind } from '../../../common/notifications.js';

export type BookingEmailEvent = 'requested' | 'confirmed' | 'declined' | 'expired' | 'cancelled' | 'rescheduled';

type BookingRow = typeof bookings.$inferSelect;

/** The notification kind of each booking event: its e-mail follows that kind's preference. */
export const KIND_OF_EVENT: Record<BookingEmailEvent, NotificationKind> = {
  requested: 'booking_requested',
  confirmed: 'booking_confirmed',
  declined: 'booking_declined',
  expired: 'booking_expired',
  cancelled: 'booking_cancelled',
  rescheduled: 'booking_rescheduled',
};

/**
 * What the e-mails about an event say: the booking as it stood when the event happened, as plain JSON.
 * It is taken inside the change's transaction and rendered by a background job, so a later change
 * cannot alter what an earlier e-mail says, and no request waits for e-mails and invites to be written.
 */
export interface BookingNotice {
  event: BookingEmailEvent;
  reason: string | null;
  booking: Pick<
    BookingRow,
    | 'id' | 'number' | 'status' | 'serviceType' | 'description' | 'timeZone' | 'boatAddress' | 'marinaName' | 'dockSlip'
    | 'boatType' | 'boatLength' | 'estimatedHours' | 'priceCents' | 'paymentStatus' | 'calendarSequence'
  > & { startsAt: string; endsAt: string; placeTimeZone?: string | null };
  // The zones are missing from notices an earlier version queued: those read as the expert's zone alone.
  expert: Pick<BookingRecord['expert'], 'name' | 'specialty' | 'email'> & { chosenTimeZone?: string | null; userId?: string | null };
  owner: Omit<BookingRecord['owner'], 'chosenTimeZone'> & { chosenTimeZone?: string | null };
}

export function bookingNotice(record: BookingRecord, event: BookingEmailEvent, reason: string | null = null): BookingNotice {
  const { booking, expert, owner } = record;
  return {
    event,
    reason,
    booking: {
      id: booking.id,
      number: booking.number,
      status: booking.status,
      serviceType: booking.serviceType,
      description: booking.description,
      timeZone: booking.timeZone,
      placeTimeZone: booking.placeTimeZone,
      boatAddress: booking.boatAddress,
      marinaName: booking.marinaName,
      dockSlip: booking.dockSlip,
      boatType: booking.boatType,
      boatLength: booking.boatLength,
      estimatedHours: booking.estimatedHours,
      priceCents: booking.priceCents,
      paymentStatus: booking.paymentStatus,
      calendarSequence: booking.calendarSequence,
      startsAt: booking.startsAt.toISOString(),
      endsAt: booking.endsAt.toISOString(),
    },
    expert: { name: expert.name, specialty: expert.specialty, email: expert.email, chosenTimeZone: expert.chosenTimeZone, userId: expert.userId },
    owner: { id: owner.id, name: owner.name, email: owner.email, chosenTimeZone: owner.chosenTimeZone },
  };
}

/** What the e-mails' times are read from: a notice's booking or a booking row (the reminders'). */
interface TimedBooking {
  startsAt: string | Date;
  timeZone: string;
  placeTimeZone?: string | null;
}

/**
 * When the booking starts, in the owner's e-mails: in the visit's place's zone (else the expert's), saying
 * whose clock that is, and the owner's time beside it when their Settings zone shows another
 * (docs/PRODUCT.md#booking-e-mails-and-reminders).
 */
export function ownerWhen(notice: { booking: TimedBooking; owner: { chosenTimeZone?: string | null } }): string {
  const { booking } = notice;
  return describeTimeFor(new Date(booking.startsAt), bookingTimeZone(booking), { whose: whoseTime(booking), readerZone: notice.owner.chosenTimeZone ?? null });
}

/**
 * When the booking starts, in the expert's e-mails: as the owner's, the reader's zone being the one their account
 * chose, else the one they work in (the booking's `timeZone`), so a visit in another zone also reads on their own clock.
 */
export function expertWhen(notice: { booking: TimedBooking; expert: { chosenTimeZone?: string | null } }): string {
  const { booking } = notice;
  return describeTimeFor(new Date(booking.startsAt), bookingTimeZone(booking), {
    whose: booking.placeTimeZone ? whoseTime(booking) : null,
    readerZone: notice.expert.chosenTimeZone ?? booking.timeZone,
  });
}

/** The video room of a booking: the call link its e-mails carry. */
export function consultationUrl(baseUrl: string, bookingId: string): string {
  return `${baseUrl}/consultation?booking=${bookingId}`;
}

/** When the room lets the two parties in: from this many minutes before the start. */
export const ROOM_OPENS_MINUTES_BEFORE = 10;

/** The call-link lines of a confirmed video booking's e-mails, empty for any other. */
export function joinLines(booking: Pick<BookingNotice['booking'], 'id' | 'serviceType' | 'status'>, baseUrl: string): string[] {
  if (booking.serviceType !== 'video' || booking.status !== 'confirmed') return [];
  return [
    `Join the call: ${consultationUrl(baseUrl, booking.id)}`,
    `The call room opens ${ROOM_OPENS_MINUTES_BEFORE} minutes before the start; you can check your camera and microphone there.`,
  ];
}

function serviceName(notice: BookingNotice): string {
  return notice.booking.serviceType === 'video' ? '30-minute video consultation' : 'onsite service visit';
}

/**
 * The booking's one calendar UID, in its e-mailed invites and in the calendar feed alike, so a calendar
 * holding both keeps one entry, which a move or a cancellation updates.
 */
export function bookingCalendarUid(bookingId: string): string {
  return `booking-${bookingId}@kbmarine`;
}

/** The calendar invite: its start in the booking's zone (the place's for a visit), one UID per booking. */
export function calendarInvite(notice: BookingNotice, method: CalendarInvite['method'], baseUrl: string, organizerEmail: string): CalendarInvite {
  const { booking, expert } = notice;
  const start = new Date(booking.startsAt);
  const url = `${baseUrl}/bookings/${booking.id}`;
  const content = calendarEventText({
    method,
    productId: `${PRODUCT_NAME}/bookings`,
    uid: bookingCalendarUid(booking.id),
    sequence: booking.calendarSequence,
    title: `${PRODUCT_NAME}: ${serviceName(notice)} with ${expert.name}`,
    description: [`Booking #${booking.number}. ${booking.description}`, '', ...joinLines(booking, baseUrl), `Details: ${url}`].join('\n'),
    location: booking.serviceType === 'onsite' ? (booking.boatAddress ?? undefined) : `Video call: ${consultationUrl(baseUrl, booking.id)}`,
    url,
    start,
    timeZone: bookingTimeZone(booking),
    durationMinutes: Math.round((Date.parse(booking.endsAt) - start.getTime()) / 60_000),
    organizer: { name: PRODUCT_NAME, email: organizerEmail },
    attendee: { name: notice.owner.name, email: notice.owner.email },
    stamp: new Date(),
  });
  return { method, content };
}

const HEADLINES: Record<BookingEmailEvent, { subject: string; lead: string }> = {
  requested: { subject: 'Booking request sent', lead: 'We sent your booking request to the expert. You will hear from us as soon as they confirm it; a request nobody answers expires within 24 hours, or at its start time if that is sooner.' },
  confirmed: { subject: 'Booking confirmed', lead: 'Your booking is confirmed. The calendar invite attached to this e-mail adds it to your calendar.' },
  declined: { subject: 'Booking declined', lead: 'The expert could not take this booking. Nothing is charged; if you paid, the full amount is refunded. You can book another time or another expert.' },
  expired: { subject: 'Booking request expired', lead: 'The expert did not answer your request in time, so it has expired. Nothing is charged; if you paid, the full amount is refunded.' },
  cancelled: { subject: 'Booking cancelled', lead: 'This booking is cancelled. If it was paid, the full amount is refunded.' },
  rescheduled: { subject: 'Booking rescheduled', lead: 'This booking has moved to a new time.' },
};

export interface BookingEmailOptions {
  baseUrl: string;
  organizerEmail: string;
}

/** The owner's e-mail about a booking event, with the calendar invite when it adds, moves or removes an event. */
export function ownerEmail(notice: BookingNotice, options: BookingEmailOptions): MailMessage {
  const { booking, expert, event, reason } = notice;
  const headline = HEADLINES[event];
  const url = `${options.baseUrl}/bookings/${booking.id}`;
  const rescheduledLead =
    event === 'rescheduled' && booking.status === 'requested'
      ? `${headline.lead} The expert confirms the new time again; we will send a new calendar invite once they do.`
      : event === 'rescheduled'
        ? `${headline.lead} The updated calendar invite is attached.`
        : headline.lead;
  const lines = [
    `Hello ${notice.owner.name},`,
    '',
    rescheduledLead,
    '',
    `Booking #${booking.number}: ${serviceName(notice)} with ${expert.name} (${expert.specialty})`,
    `When: ${ownerWhen(notice)}`,
    ...(booking.serviceType === 'onsite'
      ? [`Where: ${booking.boatAddress}${booking.marinaName ? `, ${booking.marinaName}` : ''}${booking.dockSlip ? `, slip ${booking.dockSlip}` : ''}`, `Boat: ${booking.boatType ? BOAT_TYPE_LABELS[booking.boatType] : ''}${booking.boatLength ? `, ${booking.boatLength}` : ''}`, `Estimated hours: ${booking.estimatedHours}`]
      : []),
    `Price: $${centsToDecimal(booking.priceCents)} ${booking.paymentStatus === 'paid' ? '(paid)' : '(pay after service completion)'}`,
    ...(reason ? [`Reason given: ${reason}`] : []),
    ...joinBlock(notice, options.baseUrl),
    '',
    `See the booking, change or cancel it: ${url}`,
    '',
    `${PRODUCT_NAME}`,
  ];
  const invite = inviteFor(notice, options);
  return {
    to: notice.owner.email,
    subject: `${headline.subject}: #${booking.number} with ${expert.name}`,
    text: lines.join('\n'),
    ...(invite ? { icalEvent: invite } : {}),
    // 'Request sent' answers the owner's own action, a receipt rather than news: it always goes.
    ...(event === 'requested' ? {} : { notice: { userId: notice.owner.id, kind: KIND_OF_EVENT[event] } }),
  };
}

/** The join link, in the e-mails that confirm a video booking's time (a confirmation, a confirmed move). */
function joinBlock(notice: BookingNotice, baseUrl: string): string[] {
  const lines = notice.event === 'confirmed' || notice.event === 'rescheduled' ? joinLines(notice.booking, baseUrl) : [];
  return lines.length ? ['', ...lines] : [];
}

function inviteFor(notice: BookingNotice, options: BookingEmailOptions): CalendarInvite | undefined {
  const { baseUrl, organizerEmail } = options;
  const { event } = notice;
  if (event === 'confirmed') return calendarInvite(notice, 'REQUEST', baseUrl, organizerEmail);
  if (event === 'cancelled') return calendarInvite(notice, 'CANCEL', baseUrl, organizerEmail);
  if (event === 'rescheduled') {
    // A moved booking that waits for the expert again leaves no event at the old time in the calendar.
    return calendarInvite(notice, notice.booking.status === 'confirmed' ? 'REQUEST' : 'CANCEL', baseUrl, organizerEmail);
  }
  return undefined;
}

/** The expert's e-mail (experts with an account only): a new request, or a change to one of their bookings. */
export function expertEmail(notice: BookingNotice, options: BookingEmailOptions): MailMessage | undefined {
  const { booking, expert, event, reason } = notice;
  if (!expert.email || event === 'expired' || event === 'declined') return undefined;
  // Experts answer and work their bookings in the workspace, whatever the event.
  const url = `${options.baseUrl}/workspace`;
  const what =
    event === 'requested'
      ? 'You have a new booking request. Please confirm or decline it within 24 hours.'
      : event === 'confirmed'
        ? 'You have a new confirmed booking.'
        : event === 'cancelled'
          ? 'A booking of yours was cancelled.'
          : 'A booking of yours has moved to a new time.';
  return {
    to: expert.email,
    ...(expert.userId ? { notice: { userId: expert.userId, kind: KIND_OF_EVENT[event] } } : {}),
    subject: `${event === 'requested' ? 'New booking request' : HEADLINES[event].subject}: #${booking.number} for ${notice.owner.name}`,
    text: [
      `Hello ${expert.name},`,
      '',
      what,
      '',
      `Booking #${booking.number}: ${serviceName(notice)} for ${notice.owner.name}`,
      `When: ${expertWhen(notice)}`,
      `Issue: ${booking.description}`,
      ...(reason ? [`Reason given: ${reason}`] : []),
      ...joinBlock(notice, options.baseUrl),
      '',
      event === 'requested' ? `Confirm or decline it in your workspace: ${url}` : `See it in your workspace: ${url}`,
    ].join('\n'),
  };
}
