import { inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { idempotencyKeys, rateLimits, requestLimits } from '../db/schema.js';
import type { JobQueue } from './job-queue.js';

export const HOUSEKEEPING_QUEUE = 'housekeeping';
/** Hourly, off the hour (when the minute's bookings sweep and most people's reminders run). */
export const HOUSEKEEPING_CRON = '17 * * * *';

/**
 * How long the counters of request limits are kept after their window opened: at least as long as any window
 * (the longest, an owner's daily maintenance reminder, is a day), so a row is never deleted while it still counts.
 */
export const LIMIT_ROWS_KEPT_MS = 24 * 60 * 60_000;
/** How long a create request may be retried with its Idempotency-Key and still answer the first result. */
export const IDEMPOTENCY_KEYS_KEPT_MS = 24 * 60 * 60_000;
const BATCH = 5_000;

export interface SweptRows {
  requestLimits: number;
  rateLimits: number;
  idempotencyKeys: number;
}

/** Deletes in batches until a batch comes back short, so no statement locks many rows or runs long. */
async function inBatches(deleteBatch: () => Promise<unknown[]>): Promise<number> {
  let deleted = 0;
  for (;;) {
    const batch = await deleteBatch();
    deleted += batch.length;
    if (batch.length < BATCH) return deleted;
  }
}

/**
 * Rows that only ever grow otherwise: request-limit counters (ours and Better Auth's per-address ones)
 * whose windows ended long ago, and idempotency keys past their retry period.
 */
export async function sweepExpiredRows(db: Database, now: Date): Promise<SweptRows> {
  const limitCutoff = now.getTime() - LIMIT_ROWS_KEPT_MS;
  const keyCutoff = new Date(now.getTime() - IDEMPOTENCY_KEYS_KEPT_MS);
  return {
    requestLimits: await inBatches(() =>
      db
        .delete(requestLimits)
        .where(inArray(requestLimits.key, db.select({ key: requestLimits.key }).from(requestLimits).where(lt(requestLimits.windowStart, limitCutoff)).limit(BATCH)))
        .returning({ key: requestLimits.key }),
    ),
    rateLimits: await inBatches(() =>
      db
        .delete(rateLimits)
        .where(inArray(rateLimits.id, db.select({ id: rateLimits.id }).from(rateLimits).where(lt(rateLimits.lastRequest, limitCutoff)).limit(BATCH)))
        .returning({ id: rateLimits.id }),
    ),
    idempotencyKeys: await inBatches(() =>
      db
        .delete(idempotencyKeys)
        .where(
          sql`(${idempotencyKeys.userId}, ${idempotencyKeys.key}) in (${db
            .select({ userId: idempotencyKeys.userId, key: idempotencyKeys.key })
            .from(idempotencyKeys)
            .where(lt(idempotencyKeys.createdAt, keyCutoff))
            .limit(BATCH)})`,
        )
        .returning({ key: idempotencyKeys.key }),
    ),
  };
}

/** The hourly job that runs the sweep on one of the servers. */
export function defineHousekeepingJob(jobs: JobQueue, db: Database, now: () => Date, log: { info: (fields: object, message: string) => void }): void {
  jobs.define(
    HOUSEKEEPING_QUEUE,
    async () => {
      const swept = await sweepExpiredRows(db, now());
      if (swept.requestLimits || swept.rateLimits || swept.idempotencyKeys) log.info({ swept }, 'housekeeping: expired rows deleted');
    },
    { cron: HOUSEKEEPING_CRON },
  );
}
