import { RequireAuth } from '../components/auth/require-auth';
import { BookLinks } from '../components/bookings/book-links';
import { BookingSection } from '../components/bookings/booking-section';
import { BookingsEmptyState } from '../components/bookings/bookings-empty-state';
import { LoadFailed } from '../components/bookings/load-failed';
import { splitBookings } from '../components/bookings/split-bookings';
import { PageContainer, PageHeader } from '../components/layout/page-header';
import { Spinner } from '../components/ui/spinner';
import { useBookings } from '../lib/api/bookings';

function MyBookings() {
  const bookings = useBookings();
  const { upcoming, past } = splitBookings(bookings.data ?? []);
  return (
    <PageContainer className="flex flex-col gap-8">
      <PageHeader title="My Bookings" subtitle="Your video consultations and onsite service visits" />
      {bookings.isPending ? (
        <Spinner label="Loading your bookings" className="py-16" />
      ) : bookings.isError ? (
        <LoadFailed what="your bookings" onRetry={() => void bookings.refetch()} />
      ) : bookings.data.length === 0 ? (
        <BookingsEmptyState />
      ) : (
        <>
          <BookingSection
            id="upcoming-bookings"
            title="Upcoming"
            bookings={upcoming}
            empty={
              <div className="flex flex-col gap-3 rounded-xl border border-dashed border-slate-300 bg-white p-5">
                <p className="text-slate-600">Nothing booked ahead. Need help with your boat?</p>
                <BookLinks />
              </div>
            }
          />
          {past.length > 0 ? <BookingSection id="past-bookings" title="Past" bookings={past} empty={null} /> : null}
        </>
      )}
    </PageContainer>
  );
}

export default function BookingsPage() {
  return (
    <RequireAuth>
      <MyBookings />
    </RequireAuth>
  );
}
