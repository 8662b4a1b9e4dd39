import type { BookingHistoryEntry } from '@common/bookings';
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

/** Who did it, as the booking's owner reads it. */
export function historyActorLabel(by: BookingHistoryEntry['by'], expertName: string): string {
  switch (by) {
    case 'owner':
      return 'You';
    case 'expert':
      return expertName;
    case 'admin':
      return `${PRODUCT_NAME} support`;
    case 'system':
      return 'Automatically';
  }
}
