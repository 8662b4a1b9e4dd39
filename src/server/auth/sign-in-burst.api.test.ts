import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FAILURES } from './account-sign-in-limit.js';
import { MAX_WAITING_HASHES, SIGN_INS_BUSY } from './password-hashing.js';
import { createTestApp, nextClientAddress, ORIGIN, signUp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  // The real hashes: the burst must outlast the hashing queue.
  t = await createTestApp({}, { testOnlyCheapPasswordHashes: false });
});
afterAll(() => t.close());

function signIn(email: string, password: string) {
  return t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: ORIGIN, remoteAddress: nextClientAddress(), payload: { email, password } });
}

describe('a burst of sign-ins', () => {
  it('turns a burst of sign-ins beyond the hashing queue away at once with 503 and Retry-After, and signs in the rest', { timeout: 180_000 }, async () => {
    const attempts = MAX_WAITING_HASHES + 14;
    // Spread over accounts, so that no account has more sign-ins under way than its allowance of failures.
    const owners = await Promise.all(
      Array.from({ length: Math.ceil(attempts / MAX_FAILURES) }, (_, i) => signUp(t.app, { email: `burst-${i + 1}@example.com`, password: 'the-right-password' })),
    );
    const responses = await Promise.all(Array.from({ length: attempts }, (_, i) => signIn(owners[i % owners.length]!.email, 'the-right-password')));
    const busy = responses.filter((r) => r.statusCode === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(responses.length - busy.length);
    for (const response of busy) {
      expect(response.json()).toMatchObject({ message: SIGN_INS_BUSY });
      expect(response.headers['retry-after']).toBe('3');
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });
});
