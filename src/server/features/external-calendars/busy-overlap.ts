import { and, eq, gt, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { externalBusyTimes } from '../../db/schema.js';

/**
 * The expert's busy times from their outside calendars that overlap [from, to), as rows of (starts_at,
 * ends_at) for a UNION with their bookings: the slots and the booking checks subtract both alike
 * (docs/PRODUCT.md#calendars). `expertId` may be a column (a correlated subquery); the range test uses the
 * table's GiST index.
 */
export function externalBusyRows(expertId: SQLWrapper | number, from: SQLWrapper | string, to: SQLWrapper | string): SQL {
  const range = sql`tstzrange(${from}::timestamptz, ${to}::timestamptz)`;
  return sql`select ${externalBusyTimes.startsAt} as starts_at, ${externalBusyTimes.endsAt} as ends_at from ${externalBusyTimes}
    where ${and(eq(externalBusyTimes.expertId, expertId), sql`tstzrange(${externalBusyTimes.startsAt}, ${externalBusyTimes.endsAt}) && ${range}`)}`;
}

/** The same busy times, read for one expert and range (a booking being moved). */
export function externalBusyBetween(db: Database, expertId: number, from: Date, to: Date): Promise<{ startsAt: Date; endsAt: Date }[]> {
  return db
    .select({ startsAt: externalBusyTimes.startsAt, endsAt: externalBusyTimes.endsAt })
    .from(externalBusyTimes)
    .where(and(eq(externalBusyTimes.expertId, expertId), lt(externalBusyTimes.startsAt, to), gt(externalBusyTimes.endsAt, from)));
}
