import { and, eq, gt, inArray, lt, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { bookings, expertWorkingHours, experts } from '../../db/schema.js';
import type { Slot } from '../../../common/bookings.js';
import type { ServiceType } from '../../../common/roles.js';
import { LIVE_STATUSES } from '../../../common/bookings-status.js';
import {
  BOOKING_HORIZON_DAYS,
  SLOT_START_MINUTES,
  bookingMinutes,
  fitsWorkingRanges,
  type MinuteRange,
} from '../../../common/bookings-rules.js';
import { addDays, formatClockTime, localDateOf, parseClockTime, zonedTimeToInstant } from '../../../common/zoned-time.js';
import { AppError } from '../../core/app-error.js';
import { EXPERT_NOT_FOUND, expertIdOf } from '../experts/index.js';
import { weekdayOf, workingHoursOn, workingRangesOn } from './working-time.js';
import { externalBusyBetween, externalBusyRows } from '../external-calendars/index.js';

const DAY_MS = 24 * 60 * 60_000;

export const TIME_TAKEN = 'That time was just booked. Please choose another time.';

export interface SlotExpert {
  id: number;
  timeZone: string;
  onsiteMinimumHours: number;
}

export interface Candidate {
  time: string;
  start: Date;
  end: Date;
}

/**
 * The start times of the service's slot grid (docs/PRODUCT.md#booking-rules) that the expert's working
 * ranges of that day offer for this service on a local date, with their end: only those whose whole
 * booking fits inside one range.
 */
export function candidateStarts(expert: SlotExpert, type: ServiceType, localDate: string, hours: number, ranges: readonly MinuteRange[]): Candidate[] {
  const minutes = bookingMinutes(type, hours, expert.onsiteMinimumHours);
  return SLOT_START_MINUTES[type]
    .filter((startMinutes) => fitsWorkingRanges(ranges, startMinutes, minutes))
    .map((startMinutes) => {
      const start = zonedTimeToInstant(localDate, startMinutes, expert.timeZone);
      return { time: formatClockTime(startMinutes), start, end: new Date(start.getTime() + minutes * 60_000) };
    });
}

function withinHorizon(expert: SlotExpert, localDate: string, now: Date): boolean {
  const today = localDateOf(now, expert.timeZone);
  return localDate >= today && localDate <= addDays(today, BOOKING_HORIZON_DAYS);
}

/** The condition on bookings that are the expert's live bookings overlapping [from, to). */
function liveBookingsOverlapping(expertId: SQLWrapper | number, from: SQLWrapper | Date, to: SQLWrapper | Date): SQL {
  return and(eq(bookings.expertId, expertId), inArray(bookings.status, [...LIVE_STATUSES]), lt(bookings.startsAt, to), gt(bookings.endsAt, from))!;
}

/** Live bookings of the expert that touch the local date (optionally leaving one booking out), and their outside busy times. */
async function busyRanges(db: Database, expert: SlotExpert, localDate: string, exceptBookingId?: string) {
  const dayStart = zonedTimeToInstant(localDate, 0, expert.timeZone);
  const dayEnd = zonedTimeToInstant(addDays(localDate, 1), 0, expert.timeZone);
  const booked = await db
    .select({ startsAt: bookings.startsAt, endsAt: bookings.endsAt })
    .from(bookings)
    .where(and(liveBookingsOverlapping(expert.id, dayStart, dayEnd), ...(exceptBookingId ? [ne(bookings.id, exceptBookingId)] : [])));
  return [...booked, ...(await externalBusyBetween(db, expert.id, dayStart, dayEnd))];
}

/** Whether a candidate overlaps the booking from `startMs` to `endMs`. */
const overlaps = (a: Candidate, startMs: number, endMs: number) => a.start.getTime() < endMs && startMs < a.end.getTime();

/**
 * Every zone's local midnight falls within 15 hours of the date's midnight in UTC (offsets run from -12 to
 * +14 hours): bookings overlapping the UTC day widened by this much on both sides include every booking
 * overlapping the local day, whatever the zone.
 */
const ANY_ZONE_MS = 15 * 60 * 60_000;

/** When the expert's live bookings are read for a local date: the UTC day widened by ANY_ZONE_MS each side. */
export function nearbyWindow(localDate: string) {
  const utcMidnight = Date.parse(`${localDate}T00:00:00Z`);
  return { from: new Date(utcMidnight - ANY_ZONE_MS).toISOString(), to: new Date(utcMidnight + DAY_MS + ANY_ZONE_MS).toISOString() };
}

/**
 * The expert's day as columns of a prepared query on `experts`: their working ranges for the service on
 * the date (placeholders 'type', 'weekday', 'date') and their live bookings near it ('from', 'to'), each as
 * a JSON array, so one round trip answers both.
 */
export function expertDayColumns(db: Database) {
  const placeholder = sql.placeholder;
  const working = expertWorkingHours;
  const workingThatDay = workingHoursOn(db, experts.id, placeholder('type'), placeholder('weekday'), sql`${placeholder('date')}::date`);
  const ranges = sql<[number, number][]>`(
    select coalesce(json_agg(json_build_array(${working.startMinute}, ${working.endMinute}) order by ${working.startMinute}), '[]'::json)
    from ${working} where ${workingThatDay})`;
  const from = sql`${placeholder('from')}::timestamptz`;
  const to = sql`${placeholder('to')}::timestamptz`;
  const bookedNearby = liveBookingsOverlapping(experts.id, from, to);
  // Instants as epoch milliseconds: JSON has no timestamps. Busy times from the expert's own calendars
  // block a slot as a booking does (docs/PRODUCT.md#calendars).
  const busy = sql<[number, number][]>`(
    select coalesce(json_agg(json_build_array(extract(epoch from busy.starts_at) * 1000, extract(epoch from busy.ends_at) * 1000)), '[]'::json)
    from (select ${bookings.startsAt} as starts_at, ${bookings.endsAt} as ends_at from ${bookings} where ${bookedNearby}
      union all ${externalBusyRows(experts.id, from, to)}) busy)`;
  return { ranges, busy };
}

/** The placeholders of `expertDayColumns` for a service on a local date. */
export function expertDayValues(type: ServiceType, localDate: string) {
  return { type, weekday: weekdayOf(localDate), date: localDate, ...nearbyWindow(localDate) };
}

/**
 * The free start times of an expert's local date (`GET /api/experts/:id/slots`), read in one round trip
 * by a statement prepared once: the expert, their working ranges that day and their live bookings near
 * it. An unknown or unapproved expert is a 404; one not offering the service or away has no free times.
 */
export function freeSlotsReader(db: Database) {
  const query = db
    .select({
      id: experts.id,
      timeZone: experts.timeZone,
      onsiteMinimumHours: experts.onsiteMinimumHours,
      serviceTypes: experts.serviceTypes,
      available: experts.available,
      ...expertDayColumns(db),
    })
    .from(experts)
    .where(and(eq(experts.id, sql.placeholder('id')), eq(experts.status, 'approved')))
    .prepare('expert_day_slots');
  return async (rawId: string, type: ServiceType, localDate: string, estimatedHours: number, now: Date): Promise<Slot[]> => {
    const [day] = await query.execute({ id: expertIdOf(rawId), ...expertDayValues(type, localDate) });
    if (!day) throw new AppError('NOT_FOUND', EXPERT_NOT_FOUND);
    if (!day.serviceTypes.includes(type) || !day.available || !withinHorizon(day, localDate, now)) return [];
    return candidateStarts(day, type, localDate, estimatedHours, toRanges(day.ranges))
      .filter((candidate) => candidate.start.getTime() > now.getTime())
      .filter((candidate) => !day.busy.some(([start, end]) => overlaps(candidate, start, end)))
      .map((candidate) => ({ time: candidate.time, start: candidate.start.toISOString() }));
  };
}

/** Working ranges as `expertDayColumns` reads them. */
export const toRanges = (ranges: [number, number][]): MinuteRange[] => ranges.map(([start, end]) => ({ start, end }));

/**
 * The start and end of the slot a form chose ('9:00 AM' on a local date in the expert's zone), or the
 * reason it cannot be booked, from the expert's working ranges that day and the busy times near it
 * (epoch milliseconds). Overlap with other bookings is checked here for a clear answer, and again by the
 * database's exclusion constraint, which settles races.
 */
export function chooseSlot(
  expert: SlotExpert,
  type: ServiceType,
  localDate: string,
  preferredTime: string,
  hours: number,
  now: Date,
  day: { ranges: readonly MinuteRange[]; busy: readonly [number, number][] },
): Candidate {
  const minutes = parseClockTime(preferredTime);
  // Outside the expert's hours or on a day off is simply not one of the listed times.
  const candidate = minutes === null ? undefined : candidateStarts(expert, type, localDate, hours, day.ranges).find((c) => parseClockTime(c.time) === minutes);
  if (!candidate) {
    throw AppError.onField('preferredTime', 'Please choose one of the listed times.');
  }
  if (candidate.start.getTime() <= now.getTime()) {
    throw AppError.onField('preferredTime', 'That time has already passed. Please choose a later time.');
  }
  if (!withinHorizon(expert, localDate, now)) {
    const message = `Bookings can be made up to ${BOOKING_HORIZON_DAYS} days ahead.`;
    throw AppError.onField('scheduledDate', message);
  }
  if (day.busy.some(([start, end]) => overlaps(candidate, start, end))) throw new AppError('CONFLICT', TIME_TAKEN);
  return candidate;
}

/** `chooseSlot` for an expert's booking being moved (`exceptBookingId` is not in the way of itself). */
export async function resolveSlot(
  db: Database,
  expert: SlotExpert,
  type: ServiceType,
  localDate: string,
  preferredTime: string,
  hours: number,
  now: Date,
  exceptBookingId?: string,
): Promise<Candidate> {
  const ranges = await workingRangesOn(db, expert.id, type, localDate);
  const busy = await busyRanges(db, expert, localDate, exceptBookingId);
  return chooseSlot(expert, type, localDate, preferredTime, hours, now, {
    ranges,
    busy: busy.map((range): [number, number] => [range.startsAt.getTime(), range.endsAt.getTime()]),
  });
}
