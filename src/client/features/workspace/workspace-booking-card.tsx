import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Clock, Mail, MessageSquare, Phone, Video } from 'lucide-react';
import { BOAT_TYPE_LABELS } from '@common/bookings-fields';
import { formatPrice } from '@common/experts-rules';
import type { WorkspaceBooking } from '@common/workspace';
import { MESSAGES_ANCHOR } from '@common/booking-messages';
import { Card } from '../../components/ui/card';
import { BookingStatusBadge } from '../../components/ui/booking-status-badge';
import { bookingTimes, formatMoment } from '../../lib/booking-time';
import { BookingAnswerButtons } from './booking-answer-buttons';
import { SummaryLink } from './summary-link';
import { JoinCallButton } from '../video-call';
import { boatModelLine } from '../boats';
import { FINISH_LABELS } from '../bookings';

function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 break-words text-sm text-slate-800">{children}</dd>
    </div>
  );
}

/**
 * One booking as the expert works it: when, who, what (the owner's boat from My Boats, when chosen: its name
 * and model; the rest is on the booking's page), where, and the answers open to them now.
 */
export function WorkspaceBookingCard({ booking, now, unreadMessages = 0 }: { booking: WorkspaceBooking; now: Date; unreadMessages?: number }) {
  const times = bookingTimes(booking);
  const onsite = booking.onsite;
  const boat = booking.boat;
  const boatModel = boat ? boatModelLine(boat) : '';
  const started = new Date(booking.startsAt).getTime() <= now.getTime();
  const ServiceIcon = booking.serviceType === 'video' ? Video : Anchor;
  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-5" data-testid="workspace-booking" data-number={booking.number}>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex items-start gap-3">
          <span className="mt-0.5 flex size-10 shrink-0 items-center justify-center rounded-full bg-navy-50 text-navy-700">
            <ServiceIcon aria-hidden className="size-5" />
          </span>
          <div>
            <h3 className="font-semibold text-slate-900">
              {booking.serviceType === 'video' ? '30-minute video consultation' : 'Onsite service visit'} · #{booking.number}
            </h3>
            <p className="text-sm text-slate-700">
              {times.date}, {times.time}
            </p>
            {times.viewerTime ? <p className="text-xs text-slate-500">Your clock here: {times.viewerTime}</p> : null}
          </div>
        </div>
        <div className="flex items-center gap-2 sm:flex-col sm:items-end">
          <BookingStatusBadge status={booking.status} />
          <span className="text-sm font-semibold text-slate-900">{formatPrice(booking.price)}</span>
        </div>
      </div>

      {booking.expiresAt ? (
        <p className="flex items-center gap-2 rounded-lg bg-yellow-50 px-3 py-2 text-sm text-yellow-900">
          <Clock aria-hidden className="size-4 shrink-0" /> Answer by {formatMoment(booking.expiresAt)}, or the request expires.
        </p>
      ) : null}
      {booking.status === 'confirmed' && started ? (
        <p className="flex items-center gap-2 rounded-lg bg-blue-50 px-3 py-2 text-sm text-blue-900">
          <Clock aria-hidden className="size-4 shrink-0" /> This booking has started. Choose &lsquo;{FINISH_LABELS[booking.serviceType]}&rsquo; when
          you are done, or record that the owner did not show.
        </p>
      ) : booking.status === 'confirmed' ? (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <Clock aria-hidden className="size-4 shrink-0" /> &lsquo;{FINISH_LABELS[booking.serviceType]}&rsquo; opens here at the start time.
        </p>
      ) : null}

      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Fact label="Boat owner">{booking.owner.name}</Fact>
        <Fact label="Email">
          <a href={`mailto:${booking.owner.email}`} className="inline-flex items-center gap-1 text-navy-600 hover:underline">
            <Mail aria-hidden className="size-3.5" /> {booking.owner.email}
          </a>
        </Fact>
        {booking.owner.phone ? (
          <Fact label="Phone">
            <a href={telHref(booking.owner.phone)} className="inline-flex items-center gap-1 text-navy-600 hover:underline">
              <Phone aria-hidden className="size-3.5" /> {booking.owner.phone}
            </a>
          </Fact>
        ) : null}
        {boat ? (
          <Fact label="Boat">
            <span className="font-medium">{boat.name}</span>
            {boatModel ? <span className="block text-slate-600">{boatModel}</span> : null}
          </Fact>
        ) : null}
        {onsite ? (
          <>
            <Fact label={boat ? 'Boat type' : 'Boat'}>
              {BOAT_TYPE_LABELS[onsite.boatType]}
              {onsite.boatLength ? `, ${onsite.boatLength}` : ''}
            </Fact>
            <Fact label="Boat address">{onsite.boatAddress}</Fact>
            {onsite.marinaName || onsite.dockSlip ? (
              <Fact label="Marina, dock / slip">{[onsite.marinaName, onsite.dockSlip].filter(Boolean).join(', ')}</Fact>
            ) : null}
            <Fact label="Contact phone">
              <a href={telHref(onsite.contactPhone)} className="text-navy-600 hover:underline">
                {onsite.contactPhone}
              </a>
            </Fact>
            {onsite.emergencyContact ? <Fact label="Emergency contact">{onsite.emergencyContact}</Fact> : null}
            <Fact label="Hours">{onsite.estimatedHours === 1 ? '1 hour' : `${onsite.estimatedHours} hours`}</Fact>
          </>
        ) : null}
      </dl>

      <div>
        <p className="text-xs font-medium uppercase tracking-wide text-slate-500">Issue</p>
        <p className="mt-0.5 whitespace-pre-line text-sm text-slate-800">{booking.description}</p>
      </div>
      {booking.cancelReason ? (
        <p className="text-sm text-slate-600">
          <span className="font-medium">Reason given:</span> {booking.cancelReason}
        </p>
      ) : null}

      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link
          to={`/bookings/${booking.id}${unreadMessages > 0 ? `#${MESSAGES_ANCHOR}` : ''}`}
          className="inline-flex items-center gap-1.5 text-sm font-medium text-navy-700 hover:underline"
        >
          <MessageSquare aria-hidden className="size-4" /> Booking page and messages
          <span className="sr-only"> of booking #{booking.number}</span>
          {unreadMessages > 0 ? (
            <span className="rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white" data-testid="booking-unread">
              {unreadMessages} unread
            </span>
          ) : null}
        </Link>
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
          <JoinCallButton booking={booking} now={now} className="flex flex-col sm:max-w-xs" />
          <SummaryLink booking={booking} now={now} />
          <BookingAnswerButtons booking={booking} />
        </div>
      </div>
    </Card>
  );
}
