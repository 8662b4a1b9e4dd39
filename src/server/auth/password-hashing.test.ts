import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_HASHES_AT_ONCE, hashPassword, MAX_WAITING_HASHES, setHashesAtOnce, SIGN_INS_BUSY, useCheapHashesForTests, verifyPassword } from './password-hashing.js';

afterEach(() => {
  setHashesAtOnce(DEFAULT_HASHES_AT_ONCE);
  useCheapHashesForTests(false);
});

describe('password hashing, a few at a time', () => {
  it('answers every check of a burst rightly', { timeout: 60_000 }, async () => {
    const hash = await hashPassword('correct-horse-battery');
    const checks = await Promise.all(
      Array.from({ length: 6 }, (_, i) => verifyPassword({ hash, password: i % 2 ? 'correct-horse-battery' : 'wrong-horse-battery' })),
    );
    expect(checks).toEqual([false, true, false, true, false, true]);
  });

  it.each([1, 2])('with %i at once, turns away what would wait behind a full queue, at once, and answers the rest', { timeout: 120_000 }, async (atOnce) => {
    setHashesAtOnce(atOnce);
    // The whole burst is asked for before any hash can finish, so what fills the queue is not the hash's cost.
    useCheapHashesForTests(true);
    const hash = await hashPassword('correct-horse-battery');
    const burst = Array.from({ length: atOnce + MAX_WAITING_HASHES + 3 }, () => verifyPassword({ hash, password: 'correct-horse-battery' }));
    const outcomes = await Promise.allSettled(burst);
    const refused = outcomes.filter((o) => o.status === 'rejected');
    expect(outcomes.filter((o) => o.status === 'fulfilled' && o.value === true)).toHaveLength(atOnce + MAX_WAITING_HASHES);
    expect(refused).toHaveLength(3);
    expect(refused.map((o) => (o as PromiseRejectedResult).reason)).toEqual(
      Array(3).fill(expect.objectContaining({ statusCode: 503, body: expect.objectContaining({ message: SIGN_INS_BUSY }), headers: { 'Retry-After': '3' } })),
    );
  });
});
