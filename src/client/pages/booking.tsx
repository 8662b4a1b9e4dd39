import { useParams } from 'react-router';
import { RequireAuth } from '../components/auth/require-auth';
import { BookingNotFound } from '../components/bookings/booking-not-found';
import { BookingView } from '../components/bookings/booking-view';
import { LoadFailed } from '../components/bookings/load-failed';
import { PageContainer } from '../components/layout/page-header';
import { Spinner } from '../components/ui/spinner';
import { useBooking } from '../lib/api/bookings';
import { ApiError } from '../lib/api-request';

function BookingScreen() {
  const { id = '' } = useParams();
  const booking = useBooking(id);
  // 404 for unknown and for other people's bookings alike; a malformed id is just as unknown.
  const notFound = booking.error instanceof ApiError && (booking.error.status === 404 || booking.error.status === 400);
  return (
    <PageContainer>
      {booking.isPending ? (
        <Spinner label="Loading the booking" className="min-h-[50vh]" />
      ) : notFound ? (
        <BookingNotFound />
      ) : booking.isError ? (
        <LoadFailed what="this booking" onRetry={() => void booking.refetch()} />
      ) : (
        <BookingView booking={booking.data} />
      )}
    </PageContainer>
  );
}

export default function BookingPage() {
  return (
    <RequireAuth>
      <BookingScreen />
    </RequireAuth>
  );
}
