import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../test/test-app.js';
import { safeReturnTo } from '../../common/return-to.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * Where a browser ends after `GET /api/login?returnTo=...` and signing in: the sign-in page it is sent
 * to reads its own returnTo with the same rule and goes there with `location.assign`.
 */
async function landingAfterSignIn(returnTo: string): Promise<URL> {
  const response = await t.app.inject({ method: 'GET', url: `/api/login?returnTo=${returnTo}` });
  expect(response.statusCode).toBe(302);
  const loginPage = new URL(String(response.headers.location), TEST_BASE_URL);
  expect(loginPage.origin).toBe(TEST_BASE_URL);
  expect(loginPage.pathname).toBe('/login');
  return new URL(safeReturnTo(loginPage.searchParams.get('returnTo')), loginPage);
}

describe('GET /api/login?returnTo=', () => {
  it.each(['/%09/evil.example/phish', '/%0A/evil.example/phish', '/%0D%0A/evil.example', '/%5C/evil.example', '%5C%5Cevil.example', '/.//evil.example', '%09//evil.example', 'https://evil.example'])(
    'ends on our own site for returnTo=%s',
    async (returnTo) => {
      const landing = await landingAfterSignIn(returnTo);
      expect(landing.origin).toBe(TEST_BASE_URL);
      expect(landing.pathname).toBe('/');
    },
  );

  it('keeps a path of our own site', async () => {
    const landing = await landingAfterSignIn('%2Fbookings%3Ftab%3Dpast');
    expect(`${landing.pathname}${landing.search}`).toBe('/bookings?tab=past');
  });
});
