import { and, asc, eq, notExists } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { expertDaysOff, expertWorkingHours } from '../../db/schema.js';
import type { ServiceType } from '../../../common/roles.js';
import type { MinuteRange } from '../../../common/booking-rules.js';

/** Day of the week of a local date 'YYYY-MM-DD', 0 = Sunday (the calendar date itself, no zone involved). */
export function weekdayOf(localDate: string): number {
  return new Date(`${localDate}T12:00:00Z`).getUTCDay();
}

/**
 * The expert's working ranges for a service on a local date (minutes after local midnight), from their
 * weekly hours; none on a day off. One query: every slot lookup and every booking asks it.
 */
export function workingRangesOn(db: Database, expertId: number, serviceType: ServiceType, localDate: string): Promise<MinuteRange[]> {
  const dayOff = db
    .select({ date: expertDaysOff.date })
    .from(expertDaysOff)
    .where(and(eq(expertDaysOff.expertId, expertId), eq(expertDaysOff.date, localDate)));
  return db
    .select({ start: expertWorkingHours.startMinute, end: expertWorkingHours.endMinute })
    .from(expertWorkingHours)
    .where(
      and(
        eq(expertWorkingHours.expertId, expertId),
        eq(expertWorkingHours.serviceType, serviceType),
        eq(expertWorkingHours.weekday, weekdayOf(localDate)),
        notExists(dayOff),
      ),
    )
    .orderBy(asc(expertWorkingHours.startMinute));
}
