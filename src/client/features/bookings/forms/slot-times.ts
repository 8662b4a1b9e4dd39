import type { Slot } from '@common/bookings';
import { addDays, localDateOf, parseClockTime } from '@common/zoned-time';
import { BOOKING_HORIZON_DAYS } from '@common/bookings-rules';

const clockFormats = new Map<string, Intl.DateTimeFormat>();
const weekdayFormats = new Map<string, Intl.DateTimeFormat>();

function cached(map: Map<string, Intl.DateTimeFormat>, timeZone: string, options: Intl.DateTimeFormatOptions) {
  let format = map.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, ...options });
    map.set(timeZone, format);
  }
  return format;
}

/**
 * A slot's start as the viewer's clock shows it: '6:00 AM', or 'Tue 11:00 PM' when that falls on another
 * day than the expert's date.
 */
export function viewerClockTime(slot: Pick<Slot, 'start'>, expertDate: string, viewerZone: string): string {
  const start = new Date(slot.start);
  const clock = cached(clockFormats, viewerZone, { hour: 'numeric', minute: '2-digit' }).format(start);
  if (localDateOf(start, viewerZone) === expertDate) return clock;
  return `${cached(weekdayFormats, viewerZone, { weekday: 'short' }).format(start)} ${clock}`;
}

/** The slot showing this clock time ('9:00 AM', '9 AM'), if it is free. */
export function findSlot(slots: readonly Slot[], time: string): Slot | undefined {
  const minutes = parseClockTime(time);
  return minutes === null ? undefined : slots.find((slot) => parseClockTime(slot.time) === minutes);
}

/** Today in a zone, and the last day a booking may be made: the date input's min and max. */
export function bookableDateRange(timeZone: string, now = new Date()) {
  const today = localDateOf(now, timeZone);
  return { min: today, max: addDays(today, BOOKING_HORIZON_DAYS) };
}
