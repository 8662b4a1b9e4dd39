import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { experts } from '../../db/schema.js';

const TOUCH_INTERVAL_MS = 30_000;

/**
 * Records that an expert's account is active, at most once every 30 seconds per user, so presence
 * ('online' = active in the last two minutes) costs one write per expert per half minute.
 */
export function createPresenceTracker(db: Database) {
  const lastTouched = new Map<string, number>();
  return async function touch(userId: string, now = Date.now()) {
    const previous = lastTouched.get(userId) ?? 0;
    if (now - previous < TOUCH_INTERVAL_MS) return;
    lastTouched.set(userId, now);
    // Being online is no change to the profile: its last change (the sitemap's date) stays as it was.
    await db.update(experts).set({ lastSeenAt: new Date(now), updatedAt: sql`${experts.updatedAt}` }).where(eq(experts.userId, userId));
  };
}
