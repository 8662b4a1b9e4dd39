import { useParams } from 'react-router';
import { RequireAuth } from '../features/auth';
import { BookingNotFound, BookingView, useBooking } from '../features/bookings';
import { BookingReviewCard } from '../features/reviews';
import { BookingAiConversation } from '../features/ai-handoff';
import { BookingMessages } from '../features/booking-messages';
import { BookingFollowUp } from '../features/follow-up-summary';
import { BookingCallCard } from '../features/video-call';
import { BookingInvoiceCard } from '../features/payments';
import { LoadFailed } from '../components/ui/load-failed';
import { PageContainer } from '../app/page-header';
import { Spinner } from '../components/ui/spinner';
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
        <BookingView
          booking={booking.data}
          cards={{
            review: <BookingReviewCard booking={booking.data} />,
            aiConversation: <BookingAiConversation booking={booking.data} />,
            followUp: <BookingFollowUp booking={booking.data} />,
            call: <BookingCallCard booking={booking.data} />,
            messages: <BookingMessages booking={booking.data} />,
            invoice: <BookingInvoiceCard booking={booking.data} />,
          }}
        />
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
