import type { ServiceHistoryEntry } from './boats.js';
import type { BookingStatus } from './bookings-status.js';

/**
 * When the expert of a booking may record the boat's engine hours (docs/PRODUCT.md#my-boats): only from a
 * visit that is live or just over, so a cancelled or long-past booking cannot move the owner's boat. No
 * zod here: the booking's boat card reads it on its own.
 */

/** The expert may still record them this many days after the booking ends (a late report of the visit). */
export const EXPERT_HOURS_DAYS_AFTER = 7;

export const EXPERT_HOURS_MESSAGES = {
  notLive: 'Engine hours can be recorded only for a confirmed or completed booking.',
  notStarted: 'Engine hours can be recorded from the start of the booking.',
  tooLate: `Engine hours can be recorded up to ${EXPERT_HOURS_DAYS_AFTER} days after the booking ends.`,
} as const;

/** Why the booking's expert may not record engine hours now, or null when they may. */
export function expertHoursRefusal(booking: { status: BookingStatus; startsAt: Date | string; endsAt: Date | string }, now: Date): string | null {
  if (booking.status !== 'confirmed' && booking.status !== 'completed') return EXPERT_HOURS_MESSAGES.notLive;
  if (now.getTime() < new Date(booking.startsAt).getTime()) return EXPERT_HOURS_MESSAGES.notStarted;
  if (now.getTime() > new Date(booking.endsAt).getTime() + EXPERT_HOURS_DAYS_AFTER * 86_400_000) return EXPERT_HOURS_MESSAGES.tooLate;
  return null;
}

type Reading = Extract<ServiceHistoryEntry, { kind: 'engine_hours' }>;

/** '520 h', or '520 h and 515 h' for twin engines; 'none' where no hours were recorded. */
export function hoursText(hours: ReadonlyArray<number | null>): string {
  const each = hours.map((h) => (h === null ? 'none' : `${h.toLocaleString('en-US')} h`));
  return each.length > 1 ? `${each.slice(0, -1).join(', ')} and ${each.at(-1)}` : (each[0] ?? 'none');
}

/** A reading's title in the history: 'Engine hours: 520 h', or 'Engine hours corrected to 520 h'. */
export function readingTitle(reading: Pick<Reading, 'hours' | 'correction'>): string {
  return reading.correction ? `Engine hours corrected to ${hoursText(reading.hours)}` : `Engine hours: ${hoursText(reading.hours)}`;
}

/** Who recorded it and what it replaced: 'By Wendy Works (booking #12), was 420 h', 'By the owner, was 100,000 h'. */
export function readingByline(reading: Pick<Reading, 'recordedBy' | 'expertName' | 'bookingNumber' | 'previous'>): string {
  const by =
    reading.recordedBy === 'expert'
      ? `By ${reading.expertName ?? 'the expert'}${reading.bookingNumber === null ? '' : ` (booking #${reading.bookingNumber})`}`
      : 'By the owner';
  return reading.previous.every((h) => h === null) ? by : `${by}, was ${hoursText(reading.previous)}`;
}
