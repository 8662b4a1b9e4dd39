import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { requestLimits } from '../db/schema.js';
import { AppError } from '../core/app-error.js';

/**
 * Counters kept in the database, so every app server shares them. A key's window opens with the first
 * request it counts and lasts `windowMs`; the first request after it has ended opens the next. Windows
 * that open per key, rather than on the clock's boundaries, never let a burst that straddles a boundary
 * spend two allowances in a moment.
 */

/** The window a request counted in, or how long the caller must wait for the next one. */
export type Allowance = { taken: true; windowStart: number } | { taken: false; retryAfterSeconds: number };

function secondsUntilEnd(windowStart: number, windowMs: number, now: number): number {
  return Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000));
}

/** `window_start` of the row, or of `excluded` when the row's window has ended by the new request. */
function windowUpdate(windowMs: number) {
  const ended = sql`${requestLimits.windowStart} + ${windowMs} <= excluded.window_start`;
  return {
    ended,
    set: {
      count: sql`case when ${ended} then 1 else ${requestLimits.count} + 1 end`,
      windowStart: sql`case when ${ended} then excluded.window_start else ${requestLimits.windowStart} end`,
    },
  };
}

/**
 * Takes one from the key's allowance of `max` for its window, in one statement; counts nothing once the
 * allowance is used up. Callers at the same moment, on any server, never take more than `max` between
 * them (the count is checked and raised together, under the row's lock).
 */
export async function takeFromAllowance(db: Database, options: { key: string; max: number; windowMs: number; now: number }): Promise<Allowance> {
  const { ended, set } = windowUpdate(options.windowMs);
  const [taken] = await db
    .insert(requestLimits)
    .values({ key: options.key, windowStart: options.now, count: 1 })
    .onConflictDoUpdate({ target: requestLimits.key, set, setWhere: sql`${ended} or ${requestLimits.count} < ${options.max}` })
    .returning({ windowStart: requestLimits.windowStart });
  if (taken) return { taken: true, windowStart: taken.windowStart };
  const [used] = await db.select({ windowStart: requestLimits.windowStart }).from(requestLimits).where(eq(requestLimits.key, options.key));
  return { taken: false, retryAfterSeconds: secondsUntilEnd(used?.windowStart ?? options.now, options.windowMs, options.now) };
}

/** Gives back one taken in the window that opened at `windowStart`, unless a new window has opened since. */
export async function giveBackToAllowance(db: Database, options: { key: string; windowStart: number }): Promise<void> {
  await db
    .update(requestLimits)
    .set({ count: sql`${requestLimits.count} - 1` })
    .where(and(eq(requestLimits.key, options.key), eq(requestLimits.windowStart, options.windowStart), gt(requestLimits.count, 0)));
}

/** Counts the request; past `max` in the key's window it is refused with 429 and the wait until the window ends. */
export async function consumeRequestLimit(
  db: Database,
  options: { key: string; max: number; windowMs: number; message: string; now?: number },
): Promise<void> {
  const now = options.now ?? Date.now();
  const [row] = await db
    .insert(requestLimits)
    .values({ key: options.key, windowStart: now, count: 1 })
    .onConflictDoUpdate({ target: requestLimits.key, set: windowUpdate(options.windowMs).set })
    .returning({ count: requestLimits.count, windowStart: requestLimits.windowStart });
  if (row && row.count > options.max) {
    throw new AppError('TOO_MANY_REQUESTS', options.message, undefined, secondsUntilEnd(row.windowStart, options.windowMs, now));
  }
}
