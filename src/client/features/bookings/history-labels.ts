import type { Booking, BookingHistoryEntry } from '@common/bookings';
import { PRODUCT_NAME } from '@common/brand';
import { capitalize } from '@common/text';

/** How each recorded action reads in a booking's history. */
const ACTION_LABELS: Record<string, string> = {
  create: 'Booked',
  confirm: 'Confirmed',
  decline: 'Declined',
  expire: 'Expired without an answer',
  cancel: 'Cancelled',
  complete: 'Completed',
  no_show: 'Marked as missed',
  reschedule: 'Rescheduled',
  pay: 'Paid',
  paid: 'Paid',
  payment: 'Paid',
  refund: 'Refunded',
  refund_requested: 'Refund requested',
};

/** An action the screens do not know yet still reads as words: 'payment_failed' -> 'Payment failed'. */
export function historyActionLabel(action: string): string {
  const known = ACTION_LABELS[action];
  if (known) return known;
  const words = action.replace(/[._-]+/g, ' ').trim();
  return capitalize(words);
}

/**
 * Who did it, as the person reading the booking (`viewer`) says it: a party's own entries are 'You'. An entry
 * by an administrator names no one, so another administrator reads it as support's too.
 */
export function historyActorLabel(by: BookingHistoryEntry['by'], booking: Pick<Booking, 'viewer' | 'expert' | 'owner'>): string {
  if (by === booking.viewer && by !== 'admin') return 'You';
  switch (by) {
    case 'owner':
      return booking.owner.name;
    case 'expert':
      return booking.expert.name;
    case 'admin':
      return `${PRODUCT_NAME} support`;
    case 'system':
      return 'Automatically';
  }
}
