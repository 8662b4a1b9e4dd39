import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { CalendarCheck, Clock } from 'lucide-react';
import type { Booking } from '@common/bookings';
import { BOOKING_STATUS_LABELS } from '@common/bookings-status';
import { formatPrice } from '@common/experts-rules';
import { BOAT_TYPE_LABELS } from '@common/bookings-fields';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PayAfterService } from '../booking-price';
import { browserTimeZone } from '../../../lib/time-zone-name';
import { bookingWhen, viewerWhen } from './booking-when';
import { whoseTime } from '@common/bookings-time-zone';
import { boatLabel } from '../../boats';

function nextSteps(booking: Booking): string {
  const parts = booking.serviceType === 'onsite' ? ' The price is for the labor; parts, if any, are billed separately.' : '';
  return whatHappens(booking) + parts;
}

function whatHappens(booking: Booking): string {
  if (booking.status === 'confirmed') {
    return "Your booking is confirmed. You'll get an e-mail with a calendar invite and the link to this booking.";
  }
  return `${booking.expert.name} confirms your request, or it expires within 24 hours. We e-mail you either way.`;
}

function serviceText(booking: Booking): string {
  if (booking.serviceType === 'video') return `Video consultation, ${booking.durationMinutes} minutes`;
  const hours = booking.durationMinutes / 60;
  return `Onsite service, ${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}

/** What the server booked: its number, status, expert, time in both zones, its price and what happens next. */
export function BookingConfirmation({ booking }: { booking: Booking }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const yourTime = viewerWhen(booking, browserTimeZone());
  const confirmed = booking.status === 'confirmed';
  const Icon = confirmed ? CalendarCheck : Clock;
  const details: [string, string][] = [
    ['Service', serviceText(booking)],
    ['Expert', booking.expert.name],
    [`When (${whoseTime(booking)})`, bookingWhen(booking)],
    ...(yourTime ? [['Your time', yourTime] as [string, string]] : []),
    ...(booking.boat ? [['Boat', boatLabel(booking.boat)] as [string, string]] : []),
    ...(booking.onsite
      ? [
          ['Where', [booking.onsite.boatAddress, booking.onsite.marinaName, booking.onsite.dockSlip].filter(Boolean).join(', ')] as [string, string],
          [booking.boat ? 'Boat type' : 'Boat', [BOAT_TYPE_LABELS[booking.onsite.boatType], booking.onsite.boatLength].filter(Boolean).join(', ')] as [string, string],
        ]
      : []),
    ['Price', formatPrice(booking.price)],
  ];

  return (
    <Card className="mx-auto flex max-w-2xl flex-col gap-6 p-5 sm:p-8">
      <div className="flex items-start gap-4">
        <span className={`flex size-12 shrink-0 items-center justify-center rounded-full ${confirmed ? 'bg-green-100 text-green-700' : 'bg-amber-100 text-amber-800'}`}>
          <Icon aria-hidden className="size-6" />
        </span>
        <div className="min-w-0">
          <h2 ref={heading} tabIndex={-1} className="text-2xl font-bold text-navy-800 outline-none">
            Booking #{booking.number}
          </h2>
          <Badge tone={confirmed ? 'green' : 'yellow'} className="mt-1">
            {BOOKING_STATUS_LABELS[booking.status]}
          </Badge>
        </div>
      </div>
      <dl className="flex flex-col divide-y divide-slate-100 rounded-lg border border-slate-200">
        {details.map(([term, value]) => (
          <div key={term} className="flex flex-col gap-0.5 px-4 py-3 sm:flex-row sm:justify-between sm:gap-4">
            <dt className="text-sm text-slate-600">{term}</dt>
            <dd className="font-semibold text-slate-900 sm:text-right">{value}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="next-steps" className="flex flex-col gap-2">
        <h3 id="next-steps" className="font-semibold text-slate-900">
          What happens next
        </h3>
        <p className="text-slate-700">{nextSteps(booking)}</p>
      </section>
      <section aria-labelledby="payment-step" className="flex flex-col gap-2">
        <h3 id="payment-step" className="font-semibold text-slate-900">
          Payment
        </h3>
        <PayAfterService />
      </section>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button asChild>
          <Link to={`/bookings/${booking.id}`}>View booking</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/bookings">My bookings</Link>
        </Button>
      </div>
    </Card>
  );
}
