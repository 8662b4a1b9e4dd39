import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { callTimes } from '../../db/schema.js';

/**
 * That a call's two parties are in its room together at `at`: the first time starts the call, every later
 * one (each heartbeat, and the moment one of them leaves) moves its end. A server that stops without a
 * word loses at most one heartbeat of the call.
 */
export async function recordTogether(db: Database, bookingId: string, at: Date): Promise<void> {
  await db
    .insert(callTimes)
    .values({ bookingId, connectedAt: at, lastTogetherAt: at })
    .onConflictDoUpdate({ target: callTimes.bookingId, set: { lastTogetherAt: sql`greatest(${callTimes.lastTogetherAt}, excluded.last_together_at)` } });
}

/** How long the call really ran, from its first connection to its end; null when the two never met in the room. */
export async function callLengthMs(db: Database, bookingId: string): Promise<number | null> {
  const [row] = await db.select().from(callTimes).where(eq(callTimes.bookingId, bookingId));
  return row ? row.lastTogetherAt.getTime() - row.connectedAt.getTime() : null;
}
