import { and, asc, eq, notExists, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { expertDaysOff, expertWorkingHours } from '../../db/schema.js';
import type { ServiceType } from '../../../common/roles.js';
import type { MinuteRange } from '../../../common/bookings-rules.js';

/** Day of the week of a local date 'YYYY-MM-DD', 0 = Sunday (the calendar date itself, no zone involved). */
export function weekdayOf(localDate: string): number {
  return new Date(`${localDate}T12:00:00Z`).getUTCDay();
}

/**
 * The condition on expert_working_hours rows that are the expert's hours for a service on a local date:
 * their weekday's rows, none on a day off. `expertId` may be a column (a correlated subquery).
 */
export function workingHoursOn(db: Database, expertId: SQLWrapper | number, serviceType: SQLWrapper | ServiceType, weekday: SQLWrapper | number, localDate: SQLWrapper | string): SQL {
  const dayOff = db
    .select({ date: expertDaysOff.date })
    .from(expertDaysOff)
    .where(and(eq(expertDaysOff.expertId, expertId), eq(expertDaysOff.date, localDate)));
  return and(
    eq(expertWorkingHours.expertId, expertId),
    eq(expertWorkingHours.serviceType, serviceType),
    eq(expertWorkingHours.weekday, weekday),
    notExists(dayOff),
  )!;
}

/**
 * The expert's working ranges for a service on a local date (minutes after local midnight), from their
 * weekly hours; none on a day off. One query: every booking asks it.
 */
export function workingRangesOn(db: Database, expertId: number, serviceType: ServiceType, localDate: string): Promise<MinuteRange[]> {
  return db
    .select({ start: expertWorkingHours.startMinute, end: expertWorkingHours.endMinute })
    .from(expertWorkingHours)
    .where(workingHoursOn(db, expertId, serviceType, weekdayOf(localDate), localDate))
    .orderBy(asc(expertWorkingHours.startMinute));
}
