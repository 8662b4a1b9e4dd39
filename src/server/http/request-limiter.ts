import { eq, sql } from 'drizzle-orm';
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

/** How many times the key was counted in the current window, without counting this look. */
export async function countInWindow(db: Database, key: string, windowMs: number, now = Date.now()): Promise<number> {
  const [row] = await db
    .select({ count: requestLimits.count, windowStart: requestLimits.windowStart })
    .from(requestLimits)
    .where(eq(requestLimits.key, key));
  return row && row.windowStart === windowStartOf(now, windowMs) ? row.count : 0;
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
