import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { idempotencyKeys, rateLimits, requestLimits } from '../db/schema.js';
import { IDEMPOTENCY_KEYS_KEPT_MS, LIMIT_ROWS_KEPT_MS, sweepExpiredRows } from './housekeeping.js';
import { createTestApp, signUp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NOW = new Date(Date.UTC(2030, 5, 1, 12, 0, 0));
const keys = async (table: typeof requestLimits | typeof rateLimits) => (await t.database.db.select({ key: table.key }).from(table)).map((row) => row.key).sort();

describe('housekeeping', () => {
  it('deletes request-limit counters and idempotency keys past their time, in batches, and keeps the rest', async () => {
    const db = t.database.db;
    const owner = await signUp(t.app);
    await db.delete(requestLimits);
    await db.delete(rateLimits);
    const expired = NOW.getTime() - LIMIT_ROWS_KEPT_MS - 1;
    // More than one batch of expired counters.
    await db.execute(sql`insert into request_limits (key, window_start, count) select 'old-' || n, ${expired}, 1 from generate_series(1, 5003) as n`);
    await db.insert(requestLimits).values([
      { key: 'counting', windowStart: NOW.getTime() - 60_000, count: 3 },
      { key: 'a-day-old-but-not-past', windowStart: NOW.getTime() - LIMIT_ROWS_KEPT_MS + 1, count: 1 },
    ]);
    await db.insert(rateLimits).values([
      { id: 'r1', key: '203.0.113.1/sign-in/email', count: 4, lastRequest: expired },
      { id: 'r2', key: '203.0.113.2/sign-in/email', count: 1, lastRequest: NOW.getTime() - 5_000 },
    ]);
    await db.insert(idempotencyKeys).values([
      { userId: owner.id, key: 'yesterday', requestHash: 'h1', resourceId: 'b1', createdAt: new Date(NOW.getTime() - IDEMPOTENCY_KEYS_KEPT_MS - 1) },
      { userId: owner.id, key: 'just-now', requestHash: 'h2', resourceId: 'b2', createdAt: new Date(NOW.getTime() - 1_000) },
    ]);

    expect(await sweepExpiredRows(db, NOW)).toEqual({ requestLimits: 5003, rateLimits: 1, idempotencyKeys: 1 });
    expect(await keys(requestLimits)).toEqual(['a-day-old-but-not-past', 'counting']);
    expect(await keys(rateLimits)).toEqual(['203.0.113.2/sign-in/email']);
    expect((await db.select({ key: idempotencyKeys.key }).from(idempotencyKeys)).map((row) => row.key)).toContain('just-now');
    expect((await db.select({ key: idempotencyKeys.key }).from(idempotencyKeys)).map((row) => row.key)).not.toContain('yesterday');

    expect(await sweepExpiredRows(db, NOW)).toEqual({ requestLimits: 0, rateLimits: 0, idempotencyKeys: 0 });
  });
});
