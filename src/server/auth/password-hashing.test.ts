import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password-hashing.js';

describe('password hashing, one at a time', () => {
  it('answers every check of a burst rightly', { timeout: 60_000 }, async () => {
    const hash = await hashPassword('correct-horse-battery');
    const checks = await Promise.all(
      Array.from({ length: 6 }, (_, i) => verifyPassword({ hash, password: i % 2 ? 'correct-horse-battery' : 'wrong-horse-battery' })),
    );
    expect(checks).toEqual([false, true, false, true, false, true]);
  });
});
