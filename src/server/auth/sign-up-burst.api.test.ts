import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ORIGIN, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  // Behind one proxy, each person's address in X-Forwarded-For; real hashes, as many at a time as a server runs by default.
  t = await createTestApp({ TRUST_PROXY: 'true' }, { testOnlyCheapPasswordHashes: false });
});
afterAll(() => t.close());

describe('a burst of sign-ups', () => {
  // How long the burst takes is measured by `npm run bench -- auth`; the time allowed here is for a loaded machine.
  it('signs up fifty people from fifty addresses who press at the same moment, none of them asked to retry', { timeout: 180_000 }, async () => {
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/sign-up/email',
          headers: { ...ORIGIN, 'x-forwarded-for': `198.51.100.${i + 1}` },
          payload: { email: `crowd-${i}@example.com`, password: `crowd-password-${i}`, name: `Crowd ${i}`, firstName: 'Crowd', lastName: `Member ${i}` },
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(50).fill(200));
    // No session until the e-mailed code is entered.
    expect(responses.every((response) => response.headers['set-cookie'] === undefined)).toBe(true);
  });
});
