import type { Booking } from '@common/bookings';
import { bookingTimeZone } from '@common/bookings-time-zone';
import { describeTime } from '@common/zoned-time';

type Timed = Pick<Booking, 'startsAt' | 'timeZone' | 'placeTimeZone'>;

/** 'Tuesday, June 3, 2025 at 9:00 AM Eastern Daylight Time': the booked time in its place's zone, else the expert's. */
export function bookingWhen(booking: Timed): string {
  return describeTime(new Date(booking.startsAt), bookingTimeZone(booking));
}

/** The same instant on the viewer's clock, or null when it reads the same there. */
export function viewerWhen(booking: Timed, viewerZone: string): string | null {
  const theirs = describeTime(new Date(booking.startsAt), viewerZone);
  return theirs === bookingWhen(booking) ? null : theirs;
}
