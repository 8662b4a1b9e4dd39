import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { expertWorkingHours } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { writeAudit } from '../../audit/audit-log.js';
import { SERVICE_TYPES, type ServiceType } from '../../../common/roles.js';
import type { CurrentUser } from '../../../common/user.js';
import {
  minutesOfTimeOfDay,
  timeOfDayOf,
  type WorkingHours,
  type WorkingHoursAnswer,
  type WorkingWeek,
} from '../../../common/workspace.js';
import { ownExpert } from './own-expert.js';

function emptyWeek(): WorkingWeek {
  return [[], [], [], [], [], [], []];
}

/** The stored rows as a week per service type, each day's ranges in order. */
export async function readWorkingHours(db: Database, expertId: number): Promise<WorkingHours> {
  const rows = await db
    .select()
    .from(expertWorkingHours)
    .where(eq(expertWorkingHours.expertId, expertId))
    .orderBy(asc(expertWorkingHours.serviceType), asc(expertWorkingHours.weekday), asc(expertWorkingHours.startMinute));
  const hours: WorkingHours = { video: emptyWeek(), onsite: emptyWeek() };
  for (const row of rows) {
    hours[row.serviceType][row.weekday]!.push({ from: timeOfDayOf(row.startMinute), to: timeOfDayOf(row.endMinute) });
  }
  return hours;
}

export async function getOwnWorkingHours(db: Database, user: CurrentUser): Promise<WorkingHoursAnswer> {
  const expert = await ownExpert(db, user.id);
  return { ...(await readWorkingHours(db, expert.id)), timeZone: expert.timeZone };
}

/** Replaces the whole week in one transaction, so bookings never see half of an edit. */
export async function replaceWorkingHours(db: Database, user: CurrentUser, hours: WorkingHours): Promise<WorkingHoursAnswer> {
  return inTransaction(db, async (tx) => {
    const expert = await ownExpert(tx, user.id, { forUpdate: true });
    const before = await readWorkingHours(tx, expert.id);
    await tx.delete(expertWorkingHours).where(eq(expertWorkingHours.expertId, expert.id));
    const rows = SERVICE_TYPES.flatMap((serviceType: ServiceType) =>
      hours[serviceType].flatMap((ranges, weekday) =>
        ranges.map((range) => ({
          expertId: expert.id,
          serviceType,
          weekday,
          startMinute: minutesOfTimeOfDay(range.from)!,
          endMinute: minutesOfTimeOfDay(range.to)!,
        })),
      ),
    );
    if (rows.length > 0) await tx.insert(expertWorkingHours).values(rows);
    await writeAudit(tx, {
      actorUserId: user.id,
      actorRole: 'expert',
      action: 'expert.hours_updated',
      entityType: 'expert',
      entityId: String(expert.id),
      before,
      after: hours,
    });
    return { ...(await readWorkingHours(tx, expert.id)), timeZone: expert.timeZone };
  });
}
