import { RequireAuth } from '../features/auth';
import { BookLinks, BookingSection, BookingsEmptyState, splitBookings, useBookings } from '../features/bookings';
import { LoadFailed } from '../components/ui/load-failed';
import { PageContainer, PageHeader } from '../app/page-header';
import { LoadMoreButton } from '../components/ui/load-more-button';
import { Spinner } from '../components/ui/spinner';

function MyBookings() {
  const query = useBookings();
  const pages = query.data?.pages ?? [];
  const loaded = pages.flatMap((page) => page.bookings);
  const { upcoming, past } = splitBookings(loaded);
  // Every page carries the counts; the first page's split is the one the later pages keep.
  const total = pages[0]?.total ?? loaded.length;
  const upcomingCount = Math.max(pages[0]?.upcoming ?? upcoming.length, upcoming.length);
  return (
    <PageContainer className="flex flex-col gap-8">
      <PageHeader title="My Bookings" subtitle="Your video consultations and onsite service visits" />
      {query.isPending ? (
        <Spinner label="Loading your bookings" className="py-16" />
      ) : query.isError ? (
        <LoadFailed what="your bookings" onRetry={() => void query.refetch()} />
      ) : loaded.length === 0 ? (
        <BookingsEmptyState />
      ) : (
        <>
          <BookingSection
            id="upcoming-bookings"
            title="Upcoming"
            count={upcomingCount}
            bookings={upcoming}
            empty={
              <div className="flex flex-col gap-3 rounded-xl border border-dashed border-slate-300 bg-white p-5">
                <p className="text-slate-600">Nothing booked ahead. Need help with your boat?</p>
                <BookLinks />
              </div>
            }
          />
          {past.length > 0 ? (
            <BookingSection id="past-bookings" title="Past" count={Math.max(total - upcomingCount, past.length)} bookings={past} empty={null} />
          ) : null}
          {query.hasNextPage ? (
            <LoadMoreButton
              shown={loaded.length}
              total={Math.max(total, loaded.length).toLocaleString('en-US')}
              loading={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            />
          ) : null}
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
