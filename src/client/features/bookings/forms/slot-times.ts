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
 * A slot's start as a zone's clock shows it: '6:00 AM', or 'Tue 11:00 PM' when that falls on another day
 * than the expert's date.
 */
export function clockTimeIn(slot: Pick<Slot, 'start'>, expertDate: string, timeZone: string): string {
  const start = new Date(slot.start);
  const clock = cached(clockFormats, timeZone, { hour: 'numeric', minute: '2-digit' }).format(start);
  if (localDateOf(start, timeZone) === expertDate) return clock;
  return `${cached(weekdayFormats, timeZone, { weekday: 'short' }).format(start)} ${clock}`;
}

/** The zones a free time is read in: the expert's (the slot's own), the one the form tells it in, the viewer's. */
export interface SlotZones {
  expert: string;
  /** The visit's place's zone once the form knows it, else the expert's. */
  shown: string;
  viewer: string;
}

/**
 * A free time as the form offers it: on the shown zone's clock ('10:00 AM' for the expert's 9:00 AM when the
 * boat is an hour ahead), and the viewer's in brackets when their clock shows another time.
 */
export function slotLabel(slot: Slot, expertDate: string, zones: SlotZones): string {
  const shown = zones.shown === zones.expert ? slot.time : clockTimeIn(slot, expertDate, zones.shown);
  const viewer = clockTimeIn(slot, expertDate, zones.viewer);
  return viewer === clockTimeIn(slot, expertDate, zones.shown) ? shown : `${shown} (${viewer} your time)`;
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
