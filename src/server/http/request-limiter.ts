import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { requestLimits } from '../db/schema.js';
import { AppError } from '../core/app-error.js';

function windowStartOf(now: number, windowMs: number): number {
  return now - (now % windowMs);
}

/** Seconds until the window that holds `now` ends. */
export function secondsLeftInWindow(now: number, windowMs: number): number {
  return Math.max(1, Math.ceil((windowStartOf(now, windowMs) + windowMs - now) / 1000));
}

/**
 * Takes one from the key's allowance of `max` in the window that holds `now`, in one statement: false,
 * counting nothing, once the allowance is used up. Callers at the same moment, on any server, never
 * take more than `max` between them (the count is checked and raised together, under the row's lock).
 */
export async function takeFromAllowance(db: Database, options: { key: string; max: number; windowMs: number; now: number }): Promise<boolean> {
  const windowStart = windowStartOf(options.now, options.windowMs);
  const rows = await db
    .insert(requestLimits)
    .values({ key: options.key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: requestLimits.key,
      set: {
        count: sql`case when ${requestLimits.windowStart} = excluded.window_start then ${requestLimits.count} + 1 else 1 end`,
        windowStart: sql`excluded.window_start`,
      },
      setWhere: sql`${requestLimits.windowStart} <> excluded.window_start or ${requestLimits.count} < ${options.max}`,
    })
    .returning({ count: requestLimits.count });
  return rows.length > 0;
}

/** Gives back one taken at `takenAt`, unless its window has ended since (a new window owes it nothing). */
export async function giveBackToAllowance(db: Database, options: { key: string; windowMs: number; takenAt: number }): Promise<void> {
  await db
    .update(requestLimits)
    .set({ count: sql`${requestLimits.count} - 1` })
    .where(
      and(
        eq(requestLimits.key, options.key),
        eq(requestLimits.windowStart, windowStartOf(options.takenAt, options.windowMs)),
        gt(requestLimits.count, 0),
      ),
    );
}

/**
 * Fixed-window counters kept in the database, so every app server shares them. One atomic upsert per
 * request: a new window restarts the count.
 */
export async function consumeRequestLimit(
  db: Database,
  options: { key: string; max: number; windowMs: number; message: string; now?: number },
): Promise<void> {
  const now = options.now ?? Date.now();
  const windowStart = windowStartOf(now, options.windowMs);
  const [row] = await db
    .insert(requestLimits)
    .values({ key: options.key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: requestLimits.key,
      set: {
        count: sql`case when ${requestLimits.windowStart} = excluded.window_start then ${requestLimits.count} + 1 else 1 end`,
        windowStart: sql`excluded.window_start`,
      },
    })
    .returning({ count: requestLimits.count });
  if ((row?.count ?? 0) > options.max) {
    throw new AppError('TOO_MANY_REQUESTS', options.message, undefined, secondsLeftInWindow(now, options.windowMs));
  }
}
