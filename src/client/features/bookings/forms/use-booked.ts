import { useState } from 'react';
import type { Booking } from '@common/bookings';

/** The booking a form just made, shown in its place; the page scrolls up to the confirmation. */
export function useBooked() {
  const [booking, setBooking] = useState<Booking | null>(null);
  const onBooked = (made: Booking) => {
    setBooking(made);
    window.scrollTo({ top: 0 });
  };
  return { booking, onBooked };
}
