import { bookingTimeZone } from '@common/bookings-time-zone';
import { browserTimeZone } from './time-zone-name';

/**
 * How a booking's time reads: in its place's zone for an onsite visit (where both people will be), else
 * the expert's (the time the expert keeps); when the viewer's own clock shows something else, the screens
 * add the viewer's time too.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat('en-US', { timeZone, ...options });
    formatters.set(key, cached);
  }
  return cached;
}

const DATE: Intl.DateTimeFormatOptions = { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' };
const CLOCK: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
const ZONE: Intl.DateTimeFormatOptions = { timeZoneName: 'short' };

/** 'Tue, Jun 3, 2025' in the zone. */
export function formatZonedDate(iso: string, timeZone: string): string {
  return formatter(timeZone, DATE).format(new Date(iso));
}

/** '9:00 AM' in the zone. */
export function formatZonedClock(iso: string, timeZone: string): string {
  return formatter(timeZone, CLOCK).format(new Date(iso));
}

/** 'EDT' (or 'GMT+2' where the zone has no common abbreviation) at that instant. */
export function zoneAbbreviation(iso: string, timeZone: string): string {
  const parts = formatter(timeZone, ZONE).formatToParts(new Date(iso));
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}

export interface BookingTimes {
  /** 'Tue, Jun 3, 2025' in the booking's zone. */
  date: string;
  /** '9:00 AM – 9:30 AM EDT' in the booking's zone. */
  time: string;
  /** 'Tue, Jun 3, 6:00 AM – 6:30 AM PDT' on the viewer's clock, or null when it reads the same. */
  viewerTime: string | null;
}

/** The booking's date and time in its zone (`bookingTimeZone`), and as the viewer's clock shows it when that differs. */
export function bookingTimes(
  booking: { startsAt: string; endsAt: string; timeZone: string; placeTimeZone?: string | null },
  viewerZone: string = browserTimeZone(),
): BookingTimes {
  const { startsAt, endsAt } = booking;
  const timeZone = bookingTimeZone(booking);
  const span = (zone: string) =>
    `${formatZonedClock(startsAt, zone)} – ${formatZonedClock(endsAt, zone)} ${zoneAbbreviation(startsAt, zone)}`;
  const date = formatZonedDate(startsAt, timeZone);
  const time = span(timeZone);
  const viewerDate = formatZonedDate(startsAt, viewerZone);
  const viewerSpan = span(viewerZone);
  const same = viewerDate === date && viewerSpan === time;
  return { date, time, viewerTime: same ? null : `${viewerDate.replace(/, \d{4}$/, '')}, ${viewerSpan}` };
}

/** 'Jun 3, 2025, 4:12 PM' on the viewer's clock: when something happened. */
export function formatMoment(iso: string, viewerZone: string = browserTimeZone()): string {
  return formatter(viewerZone, { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' }).format(
    new Date(iso),
  );
}
