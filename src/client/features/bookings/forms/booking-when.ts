import type { Booking } from '@common/bookings';
import { timeZoneName } from '../../../lib/time-zone-name';

const expertDay = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** 'Tuesday, June 3, 2025 at 9:00 AM Eastern Daylight Time': the booked time as the expert's clock shows it. */
export function expertWhen(booking: Pick<Booking, 'scheduledDate' | 'preferredTime' | 'timeZone' | 'startsAt'>): string {
  const day = expertDay.format(new Date(`${booking.scheduledDate}T00:00:00Z`));
  return `${day} at ${booking.preferredTime} ${timeZoneName(booking.timeZone, new Date(booking.startsAt))}`;
}

/** The same instant on the viewer's clock, in their zone. */
export function viewerWhen(booking: Pick<Booking, 'startsAt'>, viewerZone: string): string {
  const start = new Date(booking.startsAt);
  const when = new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: viewerZone,
  }).format(start);
  return `${when} ${timeZoneName(viewerZone, start)}`;
}
