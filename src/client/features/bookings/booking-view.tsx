import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import type { BookingDetail } from '@common/bookings';
import { Button } from '../../components/ui/button';
import { BookingActions } from './booking-actions';
import { BookingBoatCard } from './booking-boat-card';
import { BookingDetails } from './booking-details';
import { BookingHistory } from './booking-history';
import { BookingOnsiteDetails } from './booking-onsite-details';
import { BookingPrice } from './booking-price';
import { BookingStatusBadge } from '../../components/ui/booking-status-badge';
import { BookingStatusNotice } from './booking-status-notice';
import { SERVICE_TYPE_LABELS } from './service-type-labels';

/** The cards other features show on a booking's page, each in its place in the layout. */
export interface BookingViewCards {
  review: ReactNode;
  aiConversation: ReactNode;
  followUp: ReactNode;
  call: ReactNode;
  messages: ReactNode;
  invoice: ReactNode;
}

/** A booking's own page: its details, price and payment, the actions allowed now, its messages and its history. */
export function BookingView({ booking, cards }: { booking: BookingDetail; cards: BookingViewCards }) {
  return (
    <div className="flex flex-col gap-6">
      <Button asChild variant="ghost" size="sm" className="-ml-3 self-start">
        <Link to="/bookings">
          <ArrowLeft aria-hidden /> All bookings
        </Link>
      </Button>
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold tracking-tight text-navy-800 sm:text-3xl">Booking #{booking.number}</h1>
          <BookingStatusBadge status={booking.status} />
        </div>
        <p className="text-slate-600">
          {SERVICE_TYPE_LABELS[booking.serviceType]} with {booking.expert.name}
        </p>
      </div>
      <BookingStatusNotice booking={booking} />
      {/* On a phone, price and actions come straight after the details; on a wide screen they sit beside them. */}
      <div className="grid items-start gap-6 lg:grid-cols-3 lg:grid-rows-[auto_1fr]">
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2 lg:col-start-1 lg:row-start-1">
          <BookingDetails booking={booking} />
          <BookingBoatCard booking={booking} />
          {booking.onsite ? <BookingOnsiteDetails onsite={booking.onsite} withBoatCard={booking.boat !== null} /> : null}
          {cards.review}
          {cards.aiConversation}
          {cards.followUp}
        </div>
        <aside aria-label="Price and actions" className="flex min-w-0 flex-col gap-6 lg:col-start-3 lg:row-span-2 lg:row-start-1">
          {cards.call}
          <BookingPrice booking={booking} />
          {cards.invoice}
          <BookingActions booking={booking} />
        </aside>
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2 lg:col-start-1 lg:row-start-2">
          {cards.messages}
          <BookingHistory booking={booking} />
        </div>
      </div>
    </div>
  );
}
