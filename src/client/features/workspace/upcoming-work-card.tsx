import { Link } from 'react-router';
import { Anchor, CalendarCheck2, Video } from 'lucide-react';
import { isUpcoming } from '@common/bookings-status';
import type { WorkspaceBooking } from '@common/workspace';
import { SectionCard } from '../../components/ui/section-card';
import { BookingStatusBadge } from '../../components/ui/booking-status-badge';
import { Spinner } from '../../components/ui/spinner';
import { bookingTimes } from '../../lib/booking-time';
import { useWorkspaceBookings } from './api';

const UPCOMING_WORK_LIMIT = 5;

/**
 * An expert's dashboard names their own next bookings (docs/PRODUCT.md#dashboard): requests to answer and
 * confirmed visits and calls, soonest first, each leading to its page; the workspace has the rest.
 */
export function UpcomingWorkCard({ now = new Date() }: { now?: Date }) {
  const bookings = useWorkspaceBookings();
  const next = [...(bookings.data?.requests ?? []), ...(bookings.data?.upcoming ?? [])]
    .filter((booking) => isUpcoming(booking, now))
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  const waiting = bookings.data?.requests.length ?? 0;
  return (
    <SectionCard title="Your upcoming work" icon={CalendarCheck2}>
      {bookings.isPending ? (
        <Spinner label="Loading your bookings" className="py-6" />
      ) : bookings.isError ? (
        <p className="text-sm text-slate-600">Your bookings could not be loaded. They are all in your workspace.</p>
      ) : next.length === 0 ? (
        <p className="text-sm text-slate-600">Nothing booked yet. New requests appear here and in your workspace.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-100">
          {next.slice(0, UPCOMING_WORK_LIMIT).map((booking) => (
            <UpcomingWorkItem key={booking.id} booking={booking} />
          ))}
        </ul>
      )}
      <p className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <Link to="/workspace" className="font-semibold text-navy-700 hover:underline">
          Open your workspace
        </Link>
        {waiting > 0 ? <span className="text-slate-600">{waiting === 1 ? '1 request waits for your answer' : `${waiting} requests wait for your answer`}</span> : null}
      </p>
    </SectionCard>
  );
}

function UpcomingWorkItem({ booking }: { booking: WorkspaceBooking }) {
  const times = bookingTimes(booking);
  const Icon = booking.serviceType === 'video' ? Video : Anchor;
  return (
    <li className="flex items-start gap-3 py-3 first:pt-0 last:pb-0">
      <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full bg-navy-50 text-navy-600">
        <Icon aria-hidden className="size-4" />
      </span>
      <div className="min-w-0 flex-1">
        <Link to={`/bookings/${booking.id}`} className="font-medium text-slate-900 hover:text-navy-700 hover:underline">
          {booking.serviceType === 'video' ? 'Video call' : 'Onsite visit'} with {booking.owner.name} · #{booking.number}
        </Link>
        <p className="text-sm text-slate-600">
          <time dateTime={booking.startsAt}>
            {times.date}, {times.time}
          </time>
        </p>
        {booking.onsite ? <p className="truncate text-sm text-slate-500">{booking.onsite.boatAddress}</p> : null}
      </div>
      <BookingStatusBadge status={booking.status} />
    </li>
  );
}
