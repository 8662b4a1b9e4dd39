import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CheckCircle2, Clock, Hourglass, Info } from 'lucide-react';
import type { Booking } from '@common/bookings';
import { isUpcoming } from '@common/bookings-status';
import { formatMoment } from '../../lib/booking-time';
import { FINISH_LABELS } from './service-type-labels';

const linkClass = 'font-semibold text-navy-700 underline';

/** One line on what the status means now for the person reading (`booking.viewer`), and what happens next. */
export function BookingStatusNotice({ booking, now = new Date() }: { booking: Booking; now?: Date }) {
  if (booking.viewer === 'expert') return <ExpertNotice booking={booking} now={now} />;
  if (booking.viewer === 'admin') return <AdminNotice booking={booking} now={now} />;
  return <OwnerNotice booking={booking} now={now} />;
}

function OwnerNotice({ booking, now }: { booking: Booking; now: Date }) {
  const expert = booking.expert.name;
  if (booking.status === 'requested' && isUpcoming(booking, now)) {
    return (
      <Waiting>
        Waiting for {expert} to confirm. We e-mail you as soon as they answer; if they do not answer in time, the request
        expires and nothing is charged.
      </Waiting>
    );
  }
  if (booking.status === 'confirmed' && isUpcoming(booking, now)) {
    return <Reserved>{expert} has this time reserved for you. The details are in your e-mail.</Reserved>;
  }
  if (booking.status === 'declined' || booking.status === 'expired') {
    return (
      <DidNotGoAhead>
        This booking did not go ahead and nothing was charged.{' '}
        <Link to={`/expert/${booking.expert.id}`} className={linkClass}>
          Choose another time with {expert}
        </Link>{' '}
        or{' '}
        <Link to="/experts" className={linkClass}>
          find another expert
        </Link>
        .
      </DidNotGoAhead>
    );
  }
  return null;
}

/** The expert answers and finishes their bookings in the workspace, so their notice says when and leads there. */
function ExpertNotice({ booking, now }: { booking: Booking; now: Date }) {
  const owner = booking.owner.name;
  const workspace = (
    <Link to="/workspace" className={linkClass}>
      your workspace
    </Link>
  );
  if (booking.status === 'requested' && isUpcoming(booking, now)) {
    return (
      <Waiting>
        {owner} asked for this time. Accept or decline it in {workspace}; if you do not answer in time, the request expires.
      </Waiting>
    );
  }
  // The server's clock says whether it has started: it allows finishing only from the start.
  const started = booking.allowedActions.includes('complete') || booking.allowedActions.includes('no_show');
  if (booking.status === 'confirmed' && !started) {
    return (
      <Reserved>
        This time is reserved for {owner}. &lsquo;{FINISH_LABELS[booking.serviceType]}&rsquo; opens in {workspace} at the start
        time, {formatMoment(booking.startsAt)}.
      </Reserved>
    );
  }
  if (booking.status === 'confirmed') {
    return (
      <Notice icon={Clock} className="border-blue-200 bg-blue-50 text-blue-900">
        This booking has started. When you are done, choose &lsquo;{FINISH_LABELS[booking.serviceType]}&rsquo; in {workspace}, or
        record there that the owner did not show.
      </Notice>
    );
  }
  if (booking.status === 'declined' || booking.status === 'expired') {
    return <DidNotGoAhead>This booking did not go ahead and nothing was charged.</DidNotGoAhead>;
  }
  return null;
}

function AdminNotice({ booking, now }: { booking: Booking; now: Date }) {
  const { owner, expert } = { owner: booking.owner.name, expert: booking.expert.name };
  if (booking.status === 'requested' && isUpcoming(booking, now)) {
    return (
      <Waiting>
        Waiting for {expert} to answer {owner}&rsquo;s request; unanswered, it expires and nothing is charged.
      </Waiting>
    );
  }
  if (booking.status === 'confirmed' && isUpcoming(booking, now)) {
    return (
      <Reserved>
        {expert} has this time reserved for {owner}.
      </Reserved>
    );
  }
  if (booking.status === 'declined' || booking.status === 'expired') {
    return <DidNotGoAhead>This booking did not go ahead and nothing was charged.</DidNotGoAhead>;
  }
  return null;
}

const Waiting = ({ children }: { children: ReactNode }) => (
  <Notice icon={Hourglass} className="border-yellow-200 bg-yellow-50 text-yellow-900">
    {children}
  </Notice>
);

const Reserved = ({ children }: { children: ReactNode }) => (
  <Notice icon={CheckCircle2} className="border-green-200 bg-green-50 text-green-900">
    {children}
  </Notice>
);

const DidNotGoAhead = ({ children }: { children: ReactNode }) => (
  <Notice icon={Info} className="border-slate-200 bg-slate-50 text-slate-800">
    {children}
  </Notice>
);

function Notice({ icon: Icon, className, children }: { icon: typeof Info; className: string; children: ReactNode }) {
  return (
    <div role="status" className={`flex items-start gap-2 rounded-lg border px-4 py-3 text-sm ${className}`}>
      <Icon aria-hidden className="mt-0.5 size-4 shrink-0" />
      <p>{children}</p>
    </div>
  );
}
