import type { Booking } from '@common/bookings';
import { isUpcoming } from '@common/bookings-status';

/** Upcoming bookings soonest first; everything else (done, cancelled, declined, over) latest first. */
export function splitBookings<T extends Pick<Booking, 'status' | 'startsAt' | 'endsAt'>>(bookings: readonly T[], now: Date = new Date()) {
  const startOf = (booking: T) => new Date(booking.startsAt).getTime();
  const upcoming = bookings.filter((booking) => isUpcoming(booking, now)).sort((a, b) => startOf(a) - startOf(b));
  const past = bookings.filter((booking) => !isUpcoming(booking, now)).sort((a, b) => startOf(b) - startOf(a));
  return { upcoming, past };
}
