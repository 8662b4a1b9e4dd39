import { and, asc, eq, gte } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { expertDaysOff } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { writeAudit } from '../../audit/audit-log.js';
import { AppError } from '../../core/app-error.js';
import { localDateOf } from '../../../common/zoned-time.js';
import type { CurrentUser } from '../../../common/user.js';
import { DAY_OFF_IN_PAST, type DayOff } from '../../../common/workspace.js';
import { ownExpert } from './own-expert.js';

const DAY_OFF_NOT_FOUND = 'That day is not one of your days off';

/** The caller's days off from today (in their zone) on; past ones no longer matter to anyone. */
export async function listDaysOff(db: Database, user: CurrentUser, now: Date): Promise<DayOff[]> {
  const expert = await ownExpert(db, user.id);
  return db
    .select({ date: expertDaysOff.date, note: expertDaysOff.note })
    .from(expertDaysOff)
    .where(and(eq(expertDaysOff.expertId, expert.id), gte(expertDaysOff.date, localDateOf(now, expert.timeZone))))
    .orderBy(asc(expertDaysOff.date));
}

/**
 * Marks a local date off. Bookings already made that day stay (the expert answers or cancels them); only
 * new ones are refused. The same date twice keeps one entry with the latest note.
 */
export async function addDayOff(db: Database, user: CurrentUser, input: DayOff, now: Date): Promise<DayOff> {
  return inTransaction(db, async (tx) => {
    const expert = await ownExpert(tx, user.id);
    if (input.date < localDateOf(now, expert.timeZone)) {
      throw AppError.onField('date', DAY_OFF_IN_PAST);
    }
    await tx
      .insert(expertDaysOff)
      .values({ expertId: expert.id, date: input.date, note: input.note })
      .onConflictDoUpdate({ target: [expertDaysOff.expertId, expertDaysOff.date], set: { note: input.note } });
    await writeAudit(tx, {
      actorUserId: user.id,
      actorRole: 'expert',
      action: 'expert.day_off_added',
      entityType: 'expert',
      entityId: String(expert.id),
      after: { date: input.date, note: input.note },
    });
    return { date: input.date, note: input.note };
  });
}

export async function removeDayOff(db: Database, user: CurrentUser, date: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    const expert = await ownExpert(tx, user.id);
    const removed = await tx
      .delete(expertDaysOff)
      .where(and(eq(expertDaysOff.expertId, expert.id), eq(expertDaysOff.date, date)))
      .returning({ date: expertDaysOff.date });
    if (removed.length === 0) throw new AppError('NOT_FOUND', DAY_OFF_NOT_FOUND);
    await writeAudit(tx, {
      actorUserId: user.id,
      actorRole: 'expert',
      action: 'expert.day_off_removed',
      entityType: 'expert',
      entityId: String(expert.id),
      before: { date },
    });
  });
}
