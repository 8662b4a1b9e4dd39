import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CheckCircle2, Hourglass, Info } from 'lucide-react';
import type { Booking } from '@common/bookings';
import { isUpcoming } from '@common/bookings-status';

/** One line on what the status means for the owner now, and what happens next. */
export function BookingStatusNotice({ booking }: { booking: Booking }) {
  const expert = booking.expert.name;
  if (booking.status === 'requested' && isUpcoming(booking)) {
    return (
      <Notice icon={Hourglass} className="border-yellow-200 bg-yellow-50 text-yellow-900">
        Waiting for {expert} to confirm. We e-mail you as soon as they answer; if they do not answer in time, the request
        expires and nothing is charged.
      </Notice>
    );
  }
  if (booking.status === 'confirmed' && isUpcoming(booking)) {
    return (
      <Notice icon={CheckCircle2} className="border-green-200 bg-green-50 text-green-900">
        {expert} has this time reserved for you. The details are in your e-mail.
      </Notice>
    );
  }
  if (booking.status === 'declined' || booking.status === 'expired') {
    return (
      <Notice icon={Info} className="border-slate-200 bg-slate-50 text-slate-800">
        This booking did not go ahead and nothing was charged.{' '}
        <Link to={`/expert/${booking.expert.id}`} className="font-semibold text-navy-700 underline">
          Choose another time with {expert}
        </Link>{' '}
        or{' '}
        <Link to="/experts" className="font-semibold text-navy-700 underline">
          find another expert
        </Link>
        .
      </Notice>
    );
  }
  return null;
}

function Notice({ icon: Icon, className, children }: { icon: typeof Info; className: string; children: ReactNode }) {
  return (
    <div role="status" className={`flex items-start gap-2 rounded-lg border px-4 py-3 text-sm ${className}`}>
      <Icon aria-hidden className="mt-0.5 size-4 shrink-0" />
      <p>{children}</p>
    </div>
  );
}
