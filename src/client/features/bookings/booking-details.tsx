import { Link } from 'react-router';
import { ClipboardList } from 'lucide-react';
import type { Booking } from '@common/bookings';
import { specialtyLabel } from '@common/specialties';
import { timeZoneName } from '../../lib/time-zone-name';
import { bookingTimeZone } from '@common/bookings-time-zone';
import { BookingFact } from './booking-panel';
import { SectionCard } from '../../components/ui/section-card';
import { bookingTimes } from '../../lib/booking-time';
import { durationLabel, SERVICE_TYPE_LABELS } from './service-type-labels';

/** What was booked, with whom and when: in the visit's or the expert's zone, and in the viewer's when it differs. */
export function BookingDetails({ booking }: { booking: Booking }) {
  const times = bookingTimes(booking);
  const place = `${booking.expert.city}, ${booking.expert.state}`;
  return (
    <SectionCard title="Booking Details" icon={ClipboardList}>
      <dl className="flex flex-col divide-y divide-slate-100">
        <BookingFact label="Booking number">#{booking.number}</BookingFact>
        <BookingFact label="Service">{SERVICE_TYPE_LABELS[booking.serviceType]}</BookingFact>
        <BookingFact label="Expert">
          <Link to={`/expert/${booking.expert.id}`} className="font-semibold text-navy-600 hover:underline">
            {booking.expert.name}
          </Link>
          <span className="block text-sm text-slate-600">
            {specialtyLabel(booking.expert.specialty)} · {place}
          </span>
        </BookingFact>
        <BookingFact label="Date">{times.date}</BookingFact>
        <BookingFact label="Time">
          {times.time}
          <span className="block text-sm text-slate-600">
            {booking.placeTimeZone ? 'Local time at the boat' : "The expert's time zone"} ({timeZoneName(bookingTimeZone(booking), new Date(booking.startsAt))})
          </span>
          {times.viewerTime ? <span className="mt-1 block text-sm font-medium text-slate-800">Your time: {times.viewerTime}</span> : null}
        </BookingFact>
        <BookingFact label="Duration">{durationLabel(booking.durationMinutes)}</BookingFact>
        <BookingFact label="Description">
          <span className="whitespace-pre-line">{booking.description}</span>
        </BookingFact>
        {booking.cancelReason ? <BookingFact label="Reason for cancelling">{booking.cancelReason}</BookingFact> : null}
      </dl>
    </SectionCard>
  );
}
