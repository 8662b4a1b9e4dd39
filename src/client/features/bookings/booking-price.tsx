import { CreditCard, DollarSign } from 'lucide-react';
import type { Booking, PaymentStatus } from '@common/bookings';
import { isLive } from '@common/bookings-status';
import { formatPrice } from '@common/experts-rules';
import { formatCents, moneyToCents } from '@common/money';
import { Badge } from '../../components/ui/badge';
import { Spinner } from '../../components/ui/spinner';
import { useClientConfig } from './api';
import { SectionCard } from '../../components/ui/section-card';
import { durationLabel } from './service-type-labels';
import { PAY_AFTER_SERVICE } from './payment-text';

const PAYMENT_BADGES: Record<PaymentStatus, { label: string; tone: 'gray' | 'green' | 'yellow' | 'blue' }> = {
  unpaid: { label: 'Not paid', tone: 'gray' },
  paid: { label: 'Paid', tone: 'green' },
  refund_pending: { label: 'Refund in progress', tone: 'yellow' },
  refunded: { label: 'Refunded', tone: 'blue' },
};

/**
 * The price the server computed when it was booked and what has been paid. Nothing is paid at booking:
 * the final invoice (the payments feature's card) is paid once the service is done.
 */
export function BookingPrice({ booking }: { booking: Booking }) {
  const config = useClientConfig();
  const badge = PAYMENT_BADGES[booking.paymentStatus];
  return (
    <SectionCard title="Price and Payment" icon={DollarSign}>
      <div className="flex items-baseline justify-between gap-3">
        <p className="text-3xl font-bold text-navy-800">{formatPrice(booking.price)}</p>
        <Badge tone={badge.tone}>{badge.label}</Badge>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        {booking.minutePrice !== null
          ? `A Help now video call: this price covers the first 15 minutes, then ${formatCents(moneyToCents(booking.minutePrice) ?? 0)} for each whole minute after; billed by the call's real length`
          : booking.serviceType === 'video'
          ? `One ${booking.durationMinutes}-minute video consultation`
          : `${durationLabel(booking.durationMinutes)} onsite at the expert's hourly rate; parts are billed separately`}
      </p>
      <div className="mt-4">
        <PaymentState booking={booking} loadingConfig={config.isPending} />
      </div>
    </SectionCard>
  );
}

function PaymentState({ booking, loadingConfig }: { booking: Booking; loadingConfig: boolean }) {
  const price = formatPrice(booking.price);
  let text: string;
  if (booking.status === 'completed' && booking.paymentStatus !== 'refund_pending') {
    return <p className="text-sm text-slate-700">The price as booked. The final invoice says what the service came to and how it was paid.</p>;
  }
  const owners = booking.viewer === 'owner' ? 'Your' : `${booking.owner.name}'s`;
  switch (booking.paymentStatus) {
    case 'paid':
      text = `${price} paid in full.`;
      break;
    case 'refund_pending':
      text = `${owners} refund of ${price} is on its way to the card ${booking.viewer === 'owner' ? 'you' : 'they'} paid with.`;
      break;
    case 'refunded':
      text = `${price} was refunded in full to the card ${booking.viewer === 'owner' ? 'you' : 'the owner'} paid with.`;
      break;
    case 'unpaid':
      if (loadingConfig) return <Spinner label="Loading payment options" className="py-4" />;
      if (isLive(booking.status)) return <PayAfterService booking={booking} />;
      text = 'Nothing was charged for this booking.';
      break;
  }
  return <p className="text-sm text-slate-700">{text}</p>;
}

/** What happens next, told to whoever reads: nothing is charged at booking; the final invoice is paid after the service. */
export function PayAfterService({ booking }: { booking?: Pick<Booking, 'viewer' | 'owner'> }) {
  const viewer = booking?.viewer ?? 'owner';
  return (
    <div className="flex items-start gap-3 rounded-lg bg-slate-50 p-4 text-sm text-slate-700">
      <CreditCard aria-hidden className="mt-0.5 size-5 shrink-0 text-navy-600" />
      <div>
        <p className="font-semibold text-slate-900">{PAY_AFTER_SERVICE}</p>
        <p>
          {viewer === 'owner'
            ? 'Nothing is charged now. Once the service is done, the expert issues the final invoice and you pay it here.'
            : viewer === 'expert'
              ? `Nothing is charged now. Once the service is done, you complete the booking in your workspace and ${booking?.owner.name ?? 'the owner'} is sent the final invoice.`
              : 'Nothing is charged now. Once the service is done, the expert issues the final invoice and the owner pays it here.'}
        </p>
      </div>
    </div>
  );
}
