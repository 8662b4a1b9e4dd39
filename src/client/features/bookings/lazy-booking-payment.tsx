import { lazy, Suspense } from 'react';
import type { Booking } from '@common/bookings';
import { Spinner } from '../../components/ui/spinner';

// Stripe's components load when a screen shows the payment step, so no page carries them before it.
const BookingPayment = lazy(() => import('./booking-payment').then((module) => ({ default: module.BookingPayment })));

/** The payment step of a booking (booking-payment.tsx), its code loaded as it is shown. */
export function LazyBookingPayment({ booking }: { booking: Booking }) {
  return (
    <Suspense fallback={<Spinner label="Loading payment options" className="py-4" />}>
      <BookingPayment booking={booking} />
    </Suspense>
  );
}
