import { and, eq, gt, inArray, lt, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { bookings } from '../../db/schema.js';
import type { Slot } from '../../../common/booking.js';
import type { ServiceType } from '../../../common/roles.js';
import { LIVE_STATUSES } from '../../../common/booking-status.js';
import {
  BOOKING_HORIZON_DAYS,
  SLOT_START_MINUTES,
  bookingMinutes,
  fitsWorkingRanges,
  type MinuteRange,
} from '../../../common/booking-rules.js';
import { addDays, formatClockTime, localDateOf, parseClockTime, zonedTimeToInstant } from '../../../common/zoned-time.js';
import { AppError } from '../../core/app-error.js';
import { workingRangesOn } from './working-time.js';

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
 * The start times of document 001's slot grid that the expert's working ranges of that day offer for this
 * service on a local date, with their end: only those whose whole booking fits inside one range.
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

/** Live bookings of the expert that touch the local date (optionally leaving one booking out). */
async function busyRanges(db: Database, expert: SlotExpert, localDate: string, exceptBookingId?: string) {
  const dayStart = zonedTimeToInstant(localDate, 0, expert.timeZone);
  const dayEnd = zonedTimeToInstant(addDays(localDate, 1), 0, expert.timeZone);
  return db
    .select({ startsAt: bookings.startsAt, endsAt: bookings.endsAt })
    .from(bookings)
    .where(
      and(
        eq(bookings.expertId, expert.id),
        inArray(bookings.status, [...LIVE_STATUSES]),
        lt(bookings.startsAt, dayEnd),
        gt(bookings.endsAt, dayStart),
        ...(exceptBookingId ? [ne(bookings.id, exceptBookingId)] : []),
      ),
    );
}

const overlaps = (a: { start: Date; end: Date }, b: { startsAt: Date; endsAt: Date }) =>
  a.start.getTime() < b.endsAt.getTime() && b.startsAt.getTime() < a.end.getTime();

/** The expert's free start times on a local date: not past, not overlapping a live booking. */
export async function freeSlots(
  db: Database,
  expert: SlotExpert,
  type: ServiceType,
  localDate: string,
  hours: number,
  now: Date,
  exceptBookingId?: string,
): Promise<Slot[]> {
  if (!withinHorizon(expert, localDate, now)) return [];
  const ranges = await workingRangesOn(db, expert.id, type, localDate);
  const candidates = candidateStarts(expert, type, localDate, hours, ranges).filter((c) => c.start.getTime() > now.getTime());
  if (candidates.length === 0) return [];
  const busy = await busyRanges(db, expert, localDate, exceptBookingId);
  return candidates
    .filter((candidate) => !busy.some((range) => overlaps(candidate, range)))
    .map((candidate) => ({ time: candidate.time, start: candidate.start.toISOString() }));
}

/**
 * The start and end of the slot a form chose ('9:00 AM' on a local date in the expert's zone), or the
 * reason it cannot be booked. Overlap with other bookings is checked here for a clear answer, and again
 * by the database's exclusion constraint, which settles races.
 */
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
  const minutes = parseClockTime(preferredTime);
  // Outside the expert's hours or on a day off is simply not one of the listed times.
  const ranges = minutes === null ? [] : await workingRangesOn(db, expert.id, type, localDate);
  const candidate = candidateStarts(expert, type, localDate, hours, ranges).find((c) => parseClockTime(c.time) === minutes);
  if (minutes === null || !candidate) {
    throw new AppError('BAD_REQUEST', 'Please choose one of the listed times.', { preferredTime: 'Please choose one of the listed times.' });
  }
  if (candidate.start.getTime() <= now.getTime()) {
    throw new AppError('BAD_REQUEST', 'That time has already passed. Please choose a later time.', {
      preferredTime: 'That time has already passed. Please choose a later time.',
    });
  }
  if (!withinHorizon(expert, localDate, now)) {
    const message = `Bookings can be made up to ${BOOKING_HORIZON_DAYS} days ahead.`;
    throw new AppError('BAD_REQUEST', message, { scheduledDate: message });
  }
  const busy = await busyRanges(db, expert, localDate, exceptBookingId);
  if (busy.some((range) => overlaps(candidate, range))) throw new AppError('CONFLICT', TIME_TAKEN);
  return candidate;
}
