import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { expertOnCall } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { writeAudit } from '../../audit/audit-log.js';
import { ownExpert, type ExpertRow } from '../workspace/index.js';
import { centsToDecimal, isOnline } from '../../../common/experts-rules.js';
import {
  FIRST_PRICE_BOUNDS,
  minutesOfTimeOfDay,
  timeOfDayOf,
  withinOnCallHours,
  type OnCallSettingsView,
  type onCallSettingsSchema,
} from '../../../common/help-now.js';
import { localMinutesOf } from '../../../common/zoned-time.js';
import type { z } from 'zod';

type OnCallRow = typeof expertOnCall.$inferSelect;

/** What an expert who never set Help now starts from: off, 8 to 6, their video rate for the first 15 minutes. */
function defaults(expert: ExpertRow): Omit<OnCallRow, 'expertId' | 'updatedAt'> {
  const first = Math.min(Math.max(expert.videoRateCents, FIRST_PRICE_BOUNDS.min), FIRST_PRICE_BOUNDS.max);
  return { onCall: false, fromMinute: 8 * 60, toMinute: 18 * 60, firstPriceCents: first, minutePriceCents: 200 };
}

function toView(expert: ExpertRow, row: Omit<OnCallRow, 'expertId' | 'updatedAt'>, now: Date): OnCallSettingsView {
  return {
    onCall: row.onCall,
    from: timeOfDayOf(row.fromMinute),
    to: timeOfDayOf(row.toMinute),
    firstPrice: centsToDecimal(row.firstPriceCents),
    minutePrice: centsToDecimal(row.minutePriceCents),
    timeZone: expert.timeZone,
    ringableNow:
      row.onCall &&
      expert.status === 'approved' &&
      expert.serviceTypes.includes('video') &&
      isOnline(expert.lastSeenAt, now) &&
      withinOnCallHours(localMinutesOf(now, expert.timeZone), row.fromMinute, row.toMinute),
  };
}

export async function readOnCall(db: Database, userId: string, now: Date): Promise<OnCallSettingsView> {
  const expert = await ownExpert(db, userId);
  const [row] = await db.select().from(expertOnCall).where(eq(expertOnCall.expertId, expert.id));
  return toView(expert, row ?? defaults(expert), now);
}

/** Saves the expert's Help now settings, with an audit entry. */
export async function saveOnCall(db: Database, userId: string, input: z.output<typeof onCallSettingsSchema>, now: Date): Promise<OnCallSettingsView> {
  return inTransaction(db, async (tx) => {
    const expert = await ownExpert(tx, userId);
    const values = {
      onCall: input.onCall,
      fromMinute: minutesOfTimeOfDay(input.from)!,
      toMinute: minutesOfTimeOfDay(input.to)!,
      firstPriceCents: input.firstPrice,
      minutePriceCents: input.minutePrice,
    };
    const [before] = await tx.select().from(expertOnCall).where(eq(expertOnCall.expertId, expert.id));
    const [row] = await tx
      .insert(expertOnCall)
      .values({ expertId: expert.id, ...values, updatedAt: now })
      .onConflictDoUpdate({ target: expertOnCall.expertId, set: { ...values, updatedAt: now } })
      .returning();
    await writeAudit(tx, {
      actorUserId: userId,
      actorRole: 'expert',
      action: 'expert.on_call',
      entityType: 'expert',
      entityId: String(expert.id),
      before: before ? { onCall: before.onCall, firstPriceCents: before.firstPriceCents, minutePriceCents: before.minutePriceCents } : null,
      after: { onCall: row!.onCall, firstPriceCents: row!.firstPriceCents, minutePriceCents: row!.minutePriceCents },
    });
    return toView(expert, row!, now);
  });
}
