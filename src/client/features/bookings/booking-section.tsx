import type { ReactNode } from 'react';
import type { Booking } from '@common/bookings';
import { BookingCard } from './booking-card';

/** 'Upcoming' or 'Past': a titled list of booking cards, or a line saying there are none. */
export function BookingSection({
  id,
  title,
  count,
  bookings,
  empty,
}: {
  id: string;
  title: string;
  /** How many there are in all: more than `bookings` while later pages are not loaded. */
  count: number;
  bookings: Booking[];
  empty: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-xl font-semibold text-navy-800">
        {title} <span className="text-base font-normal text-slate-500">({count})</span>
      </h2>
      {bookings.length > 0 ? (
        <ul className="flex flex-col gap-3">
          {bookings.map((booking) => (
            <li key={booking.id}>
              <BookingCard booking={booking} />
            </li>
          ))}
        </ul>
      ) : (
        empty
      )}
    </section>
  );
}
