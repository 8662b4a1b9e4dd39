import { Link } from 'react-router';
import type { Booking } from '@common/bookings';
import { formatPrice } from '@common/experts-rules';
import { specialtyLabel } from '@common/specialties';
import { Card } from '../../components/ui/card';
import { BookingStatusBadge } from '../../components/ui/booking-status-badge';
import { bookingTimes } from '../../lib/booking-time';
import { SERVICE_TYPE_ICONS, SERVICE_TYPE_LABELS } from './service-type-labels';

/** One booking in 'My Bookings': what, with whom, when, its status and price; the whole card opens it. */
export function BookingCard({ booking }: { booking: Booking }) {
  const Icon = SERVICE_TYPE_ICONS[booking.serviceType];
  const times = bookingTimes(booking);
  return (
    <Card className="relative flex items-start gap-3 p-4 transition-shadow focus-within:shadow-md hover:shadow-md sm:gap-4 sm:p-5">
      <span className="hidden size-11 shrink-0 items-center justify-center rounded-full bg-navy-50 text-navy-600 sm:flex">
        <Icon aria-hidden className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h3 className="font-semibold text-slate-900">
            <Link
              to={`/bookings/${booking.id}`}
              className="outline-none after:absolute after:inset-0 after:rounded-xl focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-navy-500"
            >
              {SERVICE_TYPE_LABELS[booking.serviceType]} with {booking.expert.name}
            </Link>
          </h3>
          <BookingStatusBadge status={booking.status} />
        </div>
        <p className="text-sm text-slate-600">{specialtyLabel(booking.expert.specialty)}</p>
        <p className="mt-2 text-sm font-medium text-slate-800">
          <span className="whitespace-nowrap">{times.date}</span>
          <span className="hidden sm:inline"> · </span> <span className="block whitespace-nowrap sm:inline">{times.time}</span>
        </p>
        {times.viewerTime ? <p className="text-xs text-slate-600">Your time: {times.viewerTime}</p> : null}
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1 text-right">
        <p className="text-lg font-bold text-navy-800">{formatPrice(booking.price)}</p>
        <p className="text-xs text-slate-500">#{booking.number}</p>
      </div>
    </Card>
  );
}
