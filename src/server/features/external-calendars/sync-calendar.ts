import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { experts, externalBusyTimes, externalCalendars } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { BOOKING_HORIZON_DAYS } from '../../../common/bookings-rules.js';
import { busyTimesOf, type BusyInterval } from './busy-times.js';
import { CalendarReadError, readCalendarAddress, type CalendarReadLimits } from './read-calendar-address.js';

const DAY_MS = 86_400_000;
/** A calendar that cannot be read keeps its last busy times this long after its last success, then drops them. */
export const KEEP_BUSY_AFTER_FAILURE_MS = DAY_MS;
const INSERT_BATCH = 1000;

export interface CalendarSyncDeps {
  db: Database;
  now(): Date;
  limits: CalendarReadLimits;
}

/** The busy times kept: from a day ago (a slot being booked now) to past the booking horizon. */
export function busyWindow(now: Date): { from: Date; to: Date } {
  return { from: new Date(now.getTime() - DAY_MS), to: new Date(now.getTime() + (BOOKING_HORIZON_DAYS + 2) * DAY_MS) };
}

/** The calendar's busy times, replaced in one transaction; nothing if the calendar was removed meanwhile. */
async function storeBusyTimes(db: Database, calendarId: string, expertId: number, busy: BusyInterval[], now: Date): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [still] = await tx.select({ id: externalCalendars.id }).from(externalCalendars).where(eq(externalCalendars.id, calendarId)).for('update');
    if (!still) return;
    await tx.delete(externalBusyTimes).where(eq(externalBusyTimes.calendarId, calendarId));
    for (let i = 0; i < busy.length; i += INSERT_BATCH) {
      const rows = busy.slice(i, i + INSERT_BATCH).map((b) => ({ calendarId, expertId, startsAt: new Date(b.start), endsAt: new Date(b.end) }));
      await tx.insert(externalBusyTimes).values(rows);
    }
    await tx.update(externalCalendars).set({ lastSuccessAt: now, lastError: null, lastErrorAt: null }).where(eq(externalCalendars.id, calendarId));
  });
}

/** The failure, recorded; the busy times are dropped once the last success is a day old (or there never was one). */
async function storeFailure(db: Database, calendarId: string, reason: string, now: Date): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [calendar] = await tx
      .update(externalCalendars)
      .set({ lastError: reason, lastErrorAt: now })
      .where(eq(externalCalendars.id, calendarId))
      .returning({ lastSuccessAt: externalCalendars.lastSuccessAt });
    if (!calendar) return;
    const staleBefore = new Date(now.getTime() - KEEP_BUSY_AFTER_FAILURE_MS);
    if (!calendar.lastSuccessAt || calendar.lastSuccessAt < staleBefore) {
      await tx.delete(externalBusyTimes).where(eq(externalBusyTimes.calendarId, calendarId));
    }
  });
}

/**
 * Reads one outside calendar and keeps its busy times (docs/PRODUCT.md#calendars). A calendar that cannot
 * be read records why, and is not retried before the next round: the failure is the answer, not a fault.
 */
export async function syncCalendar(deps: CalendarSyncDeps, calendarId: string): Promise<void> {
  const [calendar] = await deps.db
    .select({ url: externalCalendars.url, expertId: externalCalendars.expertId, timeZone: experts.timeZone })
    .from(externalCalendars)
    .innerJoin(experts, eq(experts.id, externalCalendars.expertId))
    .where(eq(externalCalendars.id, calendarId));
  if (!calendar) return;
  let busy: BusyInterval[];
  try {
    const text = await readCalendarAddress(calendar.url, deps.limits);
    try {
      busy = busyTimesOf(text, busyWindow(deps.now()), calendar.timeZone);
    } catch {
      throw new CalendarReadError('its events could not be read');
    }
  } catch (error) {
    const reason = error instanceof CalendarReadError ? error.message : 'it could not be read';
    await storeFailure(deps.db, calendarId, reason, deps.now());
    return;
  }
  await storeBusyTimes(deps.db, calendarId, calendar.expertId, busy, deps.now());
}

/** Every calendar that has not been read in the last `minutes` (or never): the 15-minute round's work. */
export async function calendarsDue(db: Database, now: Date, minutes: number): Promise<string[]> {
  const before = new Date(now.getTime() - minutes * 60_000);
  const rows = await db
    .select({ id: externalCalendars.id })
    .from(externalCalendars)
    .where(
      and(
        or(isNull(externalCalendars.lastSuccessAt), lt(externalCalendars.lastSuccessAt, before)),
        or(isNull(externalCalendars.lastErrorAt), lt(externalCalendars.lastErrorAt, before)),
      ),
    );
  return rows.map((row) => row.id);
}
