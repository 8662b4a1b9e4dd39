import { BOOKING_STATUSES, BOOKING_STATUS_LABELS, type BookingStatus } from '@common/booking-status';
import { BOOKING_STATUS_TONES } from '../bookings/booking-status-badge';

export interface ActivityBadge {
  label: string;
  tone: 'gray' | 'red' | 'blue' | 'green' | 'yellow';
}

const isBookingStatus = (status: string): status is BookingStatus => (BOOKING_STATUSES as readonly string[]).includes(status);

/**
 * How an activity item's status reads (spec 000: completed, pending, anything else in progress). A
 * booking's item carries the booking's own status, so it reads as the booking does everywhere else.
 */
export function activityBadge(status: string): ActivityBadge {
  if (status === 'pending') return { label: 'Pending', tone: 'yellow' };
  if (isBookingStatus(status)) return { label: BOOKING_STATUS_LABELS[status], tone: BOOKING_STATUS_TONES[status] };
  return { label: 'In progress', tone: 'blue' };
}
