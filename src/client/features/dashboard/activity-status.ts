import { BOOKING_STATUSES, BOOKING_STATUS_LABELS, type BookingStatus } from '@common/bookings-status';
import { BOOKING_STATUS_TONES } from '../../components/ui/booking-status-badge';

export interface ActivityBadge {
  label: string;
  tone: 'gray' | 'red' | 'blue' | 'green' | 'yellow';
}

const isBookingStatus = (status: string): status is BookingStatus => (BOOKING_STATUSES as readonly string[]).includes(status);

/**
 * How an activity item's status reads (docs/PRODUCT.md#dashboard: pending, a booking's own, else in progress). A
 * booking's item carries the booking's own status, so it reads as the booking does everywhere else.
 */
export function activityBadge(status: string): ActivityBadge {
  if (status === 'pending') return { label: 'Pending', tone: 'yellow' };
  if (isBookingStatus(status)) return { label: BOOKING_STATUS_LABELS[status], tone: BOOKING_STATUS_TONES[status] };
  return { label: 'In progress', tone: 'blue' };
}
