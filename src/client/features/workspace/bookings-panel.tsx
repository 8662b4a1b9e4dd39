import type { ReactNode } from 'react';
import { CalendarCheck2, History, Inbox } from 'lucide-react';
import type { WorkspaceBooking } from '@common/workspace';
import { Skeleton } from '../../components/ui/skeleton';
import { LoadFailed } from '../../components/ui/load-failed';
import { useWorkspaceBookings } from './api';
import { useUnreadCounts } from '../booking-messages';
import { WorkspaceBookingCard } from './workspace-booking-card';

function BookingGroup({ id, title, icon: Icon, empty, bookings, note, unread }: {
  id: string;
  /** Unread messages per booking id. */
  unread: Map<string, number>;
  title: string;
  icon: typeof Inbox;
  empty: string;
  bookings: WorkspaceBooking[];
  note?: ReactNode;
}) {
  const now = new Date();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="flex items-center gap-2 text-lg font-semibold text-navy-800">
        <Icon aria-hidden className="size-5 text-navy-600" /> {title}
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">{bookings.length}</span>
      </h2>
      {bookings.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-5 text-sm text-slate-600">{empty}</p>
      ) : (
        bookings.map((booking) => <WorkspaceBookingCard key={booking.id} booking={booking} now={now} unreadMessages={unread.get(booking.id)} />)
      )}
      {note}
    </section>
  );
}

/** The workspace's bookings: requests to answer, upcoming and past. */
export function BookingsPanel() {
  const bookings = useWorkspaceBookings();
  const unreadCounts = useUnreadCounts().data;
  const unread = new Map(unreadCounts?.bookings.map((entry) => [entry.bookingId, entry.count]) ?? []);
  if (bookings.isPending) {
    return (
      <div className="flex flex-col gap-3" role="status" aria-label="Loading bookings">
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (bookings.isError) return <LoadFailed what="your bookings" onRetry={() => void bookings.refetch()} />;
  const { requests, upcoming, past, pastTotal } = bookings.data;
  return (
    <div className="flex flex-col gap-8">
      <BookingGroup
        id="requests-heading"
        unread={unread}
        title="Requests"
        icon={Inbox}
        bookings={requests}
        empty="No requests waiting. New booking requests appear here, and we e-mail you as each one arrives."
      />
      <BookingGroup id="upcoming-heading" unread={unread} title="Upcoming" icon={CalendarCheck2} bookings={upcoming} empty="No confirmed bookings coming up." />
      <BookingGroup
        id="past-heading"
        unread={unread}
        title="Past"
        icon={History}
        bookings={past}
        empty="Completed, declined and cancelled bookings will be listed here."
        note={pastTotal > past.length ? <p className="text-sm text-slate-600">Showing your {past.length} most recent of {pastTotal} past bookings.</p> : null}
      />
    </div>
  );
}
