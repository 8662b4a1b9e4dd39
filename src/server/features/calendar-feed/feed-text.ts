import ical, { ICalEventStatus, ICalEventTransparency } from 'ical-generator';
import { PRODUCT_NAME } from '../../../common/brand.js';
import { bookingTimeZone } from '../../../common/bookings-time-zone.js';
import { wallClockOf } from '../../../common/zoned-time.js';
import { vtimezoneLinesBetween } from '../../mail/vtimezone.js';
import { fold } from '../../mail/icalendar.js';
import { bookingCalendarUid, consultationUrl } from '../bookings/index.js';
import type { FeedBooking, FeedTask } from './feed-entries.js';

/** How often a calendar app is asked to fetch the feed again (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
const REFRESH_SECONDS = 15 * 60;

/**
 * A Date whose local fields (what ical-generator writes after a TZID) are the instant's wall clock in
 * `timeZone`; null when this process's own zone skips that wall-clock time (a daylight-saving gap), where
 * the event is written in UTC instead, at the same instant.
 */
function wallClockDate(instant: Date, timeZone: string): Date | null {
  const wall = wallClockOf(instant, timeZone);
  const local = new Date(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  const same = local.getFullYear() === wall.year && local.getMonth() === wall.month - 1 && local.getDate() === wall.day && local.getHours() === wall.hour && local.getMinutes() === wall.minute;
  return same ? local : null;
}

function title(booking: FeedBooking): string {
  const requested = booking.status === 'requested' ? ' (requested)' : '';
  if (booking.role === 'expert') {
    const what = booking.serviceType === 'video' ? 'Video consultation with' : 'Onsite visit for';
    return `${PRODUCT_NAME}: ${what} ${booking.ownerName}${requested}`;
  }
  const what = booking.serviceType === 'video' ? '30-minute video consultation' : 'onsite service visit';
  return `${PRODUCT_NAME}: ${what} with ${booking.expertName}${requested}`;
}

/** VTIMEZONE blocks are the costliest part of a feed to write: each zone's, for a feed's range of dates, is kept. */
const zoneBlocks = new Map<string, string>();
function zoneBlock(timeZone: string, from: Date, to: Date): string {
  const day = (date: Date) => date.toISOString().slice(0, 10);
  const key = `${timeZone}|${day(from)}|${day(to)}`;
  let block = zoneBlocks.get(key);
  if (block === undefined) {
    if (zoneBlocks.size >= 500) zoneBlocks.clear();
    block = vtimezoneLinesBetween(timeZone, from, to).join('\r\n');
    zoneBlocks.set(key, block);
  }
  return block;
}

/**
 * The feed's iCalendar text (docs/PRODUCT.md#calendars): each booking under the UID of its e-mailed invite,
 * in its own zone, with its page and its place or call link; each open maintenance task with a due date an
 * all-day entry that leaves the day free. Every value comes from the records (DTSTAMP is the record's last
 * change), so the same records give the same text and the same ETag.
 */
export function feedText(baseUrl: string, entries: { bookings: FeedBooking[]; tasks: FeedTask[] }): string {
  const first = entries.bookings[0]?.startsAt ?? new Date();
  const last = entries.bookings.at(-1)?.endsAt ?? first;
  const options = { name: PRODUCT_NAME, prodId: { company: PRODUCT_NAME, product: 'Calendar feed', language: 'EN' }, ttl: REFRESH_SECONDS };
  // ical-generator writes the calendar and each event; its own folding of the whole text costs a TextEncoder
  // per character (half a second for 500 bookings), so the events and zones are folded here, line by line.
  const shell = ical(options).toString();
  const calendar = ical(options);
  const zones = new Set<string>();

  for (const booking of entries.bookings) {
    const zone = bookingTimeZone(booking);
    const start = wallClockDate(booking.startsAt, zone);
    const end = wallClockDate(booking.endsAt, zone);
    const zoned = start && end;
    if (zoned) zones.add(zone);
    const page = `${baseUrl}/bookings/${booking.id}`;
    const call = consultationUrl(baseUrl, booking.id);
    calendar.createEvent({
      id: bookingCalendarUid(booking.id),
      sequence: booking.calendarSequence,
      stamp: booking.updatedAt,
      start: zoned ? start : booking.startsAt,
      end: zoned ? end : booking.endsAt,
      timezone: zoned ? zone : null,
      summary: title(booking),
      description: [
        `Booking #${booking.number}. ${booking.description}`,
        '',
        ...(booking.serviceType === 'video' ? [`Join the call: ${call}`] : []),
        `Details: ${page}`,
      ].join('\n'),
      location: booking.serviceType === 'onsite' ? (booking.boatAddress ?? null) : `Video call: ${call}`,
      url: page,
      status: booking.status === 'requested' ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
    });
  }

  for (const task of entries.tasks) {
    const boatPage = `${baseUrl}/boats/${task.boatId}`;
    const [year, month, day] = task.dueDate.split('-').map(Number) as [number, number, number];
    calendar.createEvent({
      id: `maintenance-${task.id}@kbmarine`,
      stamp: task.updatedAt,
      // An all-day date is written from the Date's UTC fields (no zone): the due date itself.
      start: new Date(Date.UTC(year, month - 1, day)),
      allDay: true,
      summary: `${task.boatName}: ${task.title} due`,
      description: `Maintenance due on ${task.boatName}. See the schedule or book an expert: ${boatPage}`,
      url: boatPage,
      transparency: ICalEventTransparency.TRANSPARENT,
    });
  }
  const body = [...[...zones].map((zone) => `${zoneBlock(zone, first, last)}\r\n`), ...calendar.events().map((event) => event.toString())].join('');
  const end = shell.lastIndexOf('END:VCALENDAR');
  return `${shell.slice(0, end)}${body.split('\r\n').map(fold).join('\r\n')}${shell.slice(end)}\r\n`;
}
