import { BOOKING_STATUS_LABELS, type BookingStatus } from '@common/bookings-status';
import { Badge } from './badge';

type Tone = 'gray' | 'red' | 'blue' | 'green' | 'yellow';

/** The colour each status reads as on every screen: waiting yellow, booked blue, done green, failed red. */
export const BOOKING_STATUS_TONES: Record<BookingStatus, Tone> = {
  requested: 'yellow',
  confirmed: 'blue',
  completed: 'green',
  no_show: 'red',
  declined: 'red',
  expired: 'gray',
  cancelled: 'gray',
};

export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  return <Badge tone={BOOKING_STATUS_TONES[status]}>{BOOKING_STATUS_LABELS[status]}</Badge>;
}
