import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumeRequestLimit, giveBackToAllowance, takeFromAllowance } from './request-limiter.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const WINDOW_MS = 60_000;
const QUARTER_PAST = Date.UTC(2030, 0, 1, 12, 15, 0);
const take = (key: string, now: number) => takeFromAllowance(t.database.db, { key, max: 3, windowMs: WINDOW_MS, now });
const consume = (key: string, now: number) => consumeRequestLimit(t.database.db, { key, max: 3, windowMs: WINDOW_MS, message: 'Too many.', now });

describe('request limits', () => {
  it('opens a key\'s window at its first request, so a burst across a minute boundary spends one allowance', async () => {
    const justBeforeTheMinute = QUARTER_PAST + WINDOW_MS - 500;
    const burst = [justBeforeTheMinute, justBeforeTheMinute + 200, QUARTER_PAST + WINDOW_MS + 100, QUARTER_PAST + WINDOW_MS + 400];
    const taken = [];
    for (const now of burst) taken.push((await take('burst', now)).taken);
    expect(taken).toEqual([true, true, true, false]);
    expect(await take('burst', justBeforeTheMinute + WINDOW_MS - 1)).toEqual({ taken: false, retryAfterSeconds: 1 });
    expect(await take('burst', justBeforeTheMinute + WINDOW_MS)).toEqual({ taken: true, windowStart: justBeforeTheMinute + WINDOW_MS });
  });

  it('tells a refused caller how long is left of the window, counted from the window\'s first request', async () => {
    for (let i = 0; i < 3; i++) await take('wait', QUARTER_PAST);
    expect(await take('wait', QUARTER_PAST + 20_000)).toEqual({ taken: false, retryAfterSeconds: 40 });
    await consume('wait-consumed', QUARTER_PAST);
    for (let i = 0; i < 2; i++) await consume('wait-consumed', QUARTER_PAST + 1000);
    await expect(consume('wait-consumed', QUARTER_PAST + 30_500)).rejects.toMatchObject({ statusCode: 429, retryAfterSeconds: 30 });
    await expect(consume('wait-consumed', QUARTER_PAST + WINDOW_MS)).resolves.toBeUndefined();
  });

  it('gives back into the window it was taken from, and not into a later one', async () => {
    const first = await take('give-back', QUARTER_PAST);
    if (!first.taken) throw new Error('the first request is always taken');
    await take('give-back', QUARTER_PAST);
    await take('give-back', QUARTER_PAST);
    await giveBackToAllowance(t.database.db, { key: 'give-back', windowStart: first.windowStart });
    expect((await take('give-back', QUARTER_PAST + 1)).taken).toBe(true);
    expect((await take('give-back', QUARTER_PAST + 2)).taken).toBe(false);

    const later = QUARTER_PAST + WINDOW_MS;
    for (let i = 0; i < 3; i++) await take('give-back', later);
    await giveBackToAllowance(t.database.db, { key: 'give-back', windowStart: first.windowStart });
    expect((await take('give-back', later + 1)).taken).toBe(false);
  });

  it('never takes more than the allowance when a burst arrives at once', async () => {
    const results = await Promise.all(Array.from({ length: 12 }, () => take('together', QUARTER_PAST)));
    expect(results.filter((result) => result.taken)).toHaveLength(3);
  });
});
