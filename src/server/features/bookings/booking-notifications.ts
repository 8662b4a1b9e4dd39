import { bookingTimeZone } from '../../../common/bookings-time-zone.js';
import { describeTime } from '../../../common/zoned-time.js';
import type { Notice } from '../notifications/index.js';
import { KIND_OF_EVENT, type BookingEmailEvent } from './booking-emails.js';
import type { BookingRecord } from './booking-record.js';

function service(record: BookingRecord): string {
  return record.booking.serviceType === 'video' ? 'video consultation' : 'onsite visit';
}

/**
 * Who hears of a booking event in their notification centre, and what it says: the parties its e-mails go
 * to, less the person who did it (they saw it happen). An expert hears of a request, a confirmation, a
 * cancellation or a move, not of a decline or an expiry (theirs to answer); an expert listed
 * without an account has no centre to tell.
 */
export function bookingNotifications(record: BookingRecord, event: BookingEmailEvent, actorUserId: string | null): Notice[] {
  const { booking, expert, owner } = record;
  const kind = KIND_OF_EVENT[event];
  const when = describeTime(booking.startsAt, bookingTimeZone(booking));
  const page = `/bookings/${booking.id}`;
  const notices: Notice[] = [];
  // Who did it saw it happen; a listing without an account has no one to tell.
  const told = (userId: string | null) => userId !== null && userId !== actorUserId;
  if (event !== 'requested' && told(owner.id)) {
    const ownerSays: Record<Exclude<BookingEmailEvent, 'requested'>, { title: string; body: string }> = {
      confirmed: { title: `Booking #${booking.number} confirmed`, body: `${expert.name} confirmed your ${service(record)} on ${when}.` },
      declined: { title: `Booking #${booking.number} declined`, body: `${expert.name} could not take your ${service(record)} on ${when}. Nothing is charged.` },
      expired: { title: `Booking request #${booking.number} expired`, body: `${expert.name} did not answer in time. Nothing is charged; you can book another time or expert.` },
      cancelled: { title: `Booking #${booking.number} cancelled`, body: `Your ${service(record)} with ${expert.name} on ${when} is cancelled.` },
      rescheduled: { title: `Booking #${booking.number} moved`, body: `Your ${service(record)} with ${expert.name} is now on ${when}.` },
    };
    notices.push({ userId: owner.id, kind, path: page, ...ownerSays[event] });
  }
  if (expert.userId && told(expert.userId) && event !== 'declined' && event !== 'expired') {
    const expertSays: Record<'requested' | 'confirmed' | 'cancelled' | 'rescheduled', { title: string; body: string; path: string }> = {
      requested: { title: `New booking request #${booking.number}`, body: `${owner.name} asks for a ${service(record)} on ${when}. Confirm or decline it within 24 hours.`, path: '/workspace' },
      confirmed: { title: `New booking #${booking.number} confirmed`, body: `${owner.name} booked a ${service(record)} on ${when}.`, path: page },
      cancelled: { title: `Booking #${booking.number} cancelled`, body: `The ${service(record)} for ${owner.name} on ${when} is cancelled.`, path: page },
      rescheduled: { title: `Booking #${booking.number} moved`, body: `The ${service(record)} for ${owner.name} is now on ${when}.`, path: page },
    };
    notices.push({ userId: expert.userId, kind, ...expertSays[event] });
  }
  return notices;
}
