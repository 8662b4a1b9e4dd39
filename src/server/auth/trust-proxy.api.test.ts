import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, ORIGIN, signUp, type TestApp } from '../test/test-app.js';
import { sessions } from '../db/schema.js';

let oneProxy: TestApp;
let listedProxies: TestApp;
beforeAll(async () => {
  oneProxy = await createTestApp({ TRUST_PROXY: 'true' });
  listedProxies = await createTestApp({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' });
});
afterAll(async () => {
  await oneProxy.close();
  await listedProxies.close();
});

let varying = 0;
/** An address the client makes up, different each time. */
function madeUp(): string {
  varying += 1;
  return `172.16.${Math.floor(varying / 250)}.${(varying % 250) + 1}`;
}

/** Wrong passwords for accounts nobody has (so no account's own limit applies), from what the proxy says is one client. */
async function signInStatuses(t: TestApp, forwardedFor: () => string, remoteAddress: string, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { ...ORIGIN, 'x-forwarded-for': forwardedFor() },
      remoteAddress,
      payload: { email: `nobody-${randomUUID().slice(0, 8)}@example.com`, password: 'wrong-password-1' },
    });
    statuses.push(response.statusCode);
  }
  return statuses;
}

/** The client address Better Auth recorded for a sign-in with these headers (the session's). */
async function recordedAddress(t: TestApp, forwardedFor: string, remoteAddress: string): Promise<string | null> {
  const user = await signUp(t.app);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { ...ORIGIN, 'x-forwarded-for': forwardedFor },
    remoteAddress,
    payload: { email: user.email, password: user.password },
  });
  expect(response.statusCode, response.body).toBe(200);
  const token = response.json<{ token: string }>().token;
  const [session] = await t.database.db.select({ ipAddress: sessions.ipAddress }).from(sessions).where(eq(sessions.token, token));
  return session?.ipAddress ?? null;
}

describe('TRUST_PROXY=true: one proxy in front, whose appended address is the client', () => {
  it('limits sign-ins by the right-most X-Forwarded-For address, whatever the client writes left of it', async () => {
    const statuses = await signInStatuses(oneProxy, () => `${madeUp()}, 203.0.113.7`, '10.20.0.1', 14);
    // Better Auth allows 10 sign-ins a minute from one address.
    expect(statuses.slice(0, 10).every((status) => status === 401), statuses.join(', ')).toBe(true);
    expect(statuses.slice(10), statuses.join(', ')).toEqual([429, 429, 429, 429]);
  });

  it('gives Better Auth that address, not the header the client sent', async () => {
    expect(await recordedAddress(oneProxy, '198.51.100.1, 203.0.113.8', '10.20.0.1')).toBe('203.0.113.8');
    expect(await recordedAddress(oneProxy, '', '10.20.0.2')).toBe('10.20.0.2');
  });
});

describe('TRUST_PROXY as a list of proxies', () => {
  it('takes the right-most address that is not one of them', async () => {
    expect(await recordedAddress(listedProxies, '198.51.100.1, 203.0.113.9, 10.1.2.3', '10.9.9.9')).toBe('203.0.113.9');
    // A peer that is not a listed proxy is the client itself, whatever it forwards.
    expect(await recordedAddress(listedProxies, '198.51.100.1, 203.0.113.9', '192.0.2.44')).toBe('192.0.2.44');
    const statuses = await signInStatuses(listedProxies, () => `${madeUp()}, 203.0.113.10, 10.4.5.6`, '127.0.0.1', 14);
    expect(statuses.slice(0, 10).every((status) => status === 401), statuses.join(', ')).toBe(true);
    expect(statuses.slice(10), statuses.join(', ')).toEqual([429, 429, 429, 429]);
  });
});
