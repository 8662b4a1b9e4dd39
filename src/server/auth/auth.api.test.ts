import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema.js';
import { ACCOUNT_LIMIT_MESSAGE, MAX_FAILURES, WINDOW_MS, beginSignInAttempt } from './account-sign-in-limit.js';
import { asUser, cookieHeader, createTestApp, enterCode, nextClientAddress, ORIGIN, postSignUp, signUp, verificationEmailTo, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function signIn(email: string, password: string, remoteAddress = nextClientAddress(), cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { ...ORIGIN, ...(cookie ? { cookie } : {}) },
    remoteAddress,
    payload: { email, password },
  });
}

/** The remembered-browser cookie a successful sign-in set, as a browser sends it back. */
function rememberedBrowserOf(response: { headers: Record<string, unknown> }): string {
  const cookies = [response.headers['set-cookie']].flat().map(String);
  const device = cookies.find((cookie) => cookie.startsWith('kb.device.'));
  expect(device).toMatch(/; HttpOnly/);
  expect(device).toMatch(/; Path=\/api\/auth\/sign-in/);
  expect(Number(/Max-Age=(\d+)/.exec(device!)?.[1])).toBeGreaterThan(180 * 24 * 60 * 60);
  return cookieHeader(device);
}

describe('accounts', () => {
  it('signs up a new boat owner as an active user and starts a session', async () => {
    const owner = await signUp(t.app, { email: 'Skipper@Example.com', firstName: 'Sam', lastName: 'Skipper' });
    const me = await t.app.inject(asUser(owner, { method: 'GET', url: '/api/auth/user' }));
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      id: owner.id,
      email: 'skipper@example.com',
      emailVerified: true,
      firstName: 'Sam',
      lastName: 'Skipper',
      role: 'user',
      status: 'active',
      profileImageUrl: null,
      phone: null,
    });
    expect(Object.keys(me.json()).sort()).toEqual(
      ['id', 'profileImageUrl', 'firstName', 'lastName', 'email', 'emailVerified', 'phone', 'address', 'city', 'state', 'zipCode', 'timeZone', 'role', 'status', 'createdAt'].sort(),
    );
  });

  it('sets an httpOnly, SameSite=Lax session cookie when the code is entered', async () => {
    expect((await postSignUp(t.app, { email: 'cookie@example.com', password: 'long-enough-pw' })).statusCode).toBe(200);
    const response = await enterCode(t.app, 'cookie@example.com', (await verificationEmailTo(t.app, 'cookie@example.com')).code);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
  });

  it('signs up with Better Auth\'s own {name, email, password} and takes the names from name', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: ORIGIN,
      remoteAddress: nextClientAddress(),
      payload: { name: 'Ada  Lovelace King', email: 'ada@example.com', password: 'long-enough-pw' },
    });
    expect(response.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'ada@example.com'));
    expect(row).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace King', role: 'user', status: 'active' });
  });

  it('takes a one-word name as the first name and leaves the last name unknown', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: ORIGIN,
      remoteAddress: nextClientAddress(),
      payload: { name: 'Cher', email: 'cher@example.com', password: 'long-enough-pw' },
    });
    expect(response.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'cher@example.com'));
    expect(row).toMatchObject({ firstName: 'Cher', lastName: null });
  });

  it('refuses a sign-up with neither a first name nor a name to take it from', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: ORIGIN,
      remoteAddress: nextClientAddress(),
      payload: { name: '  ', email: 'nameless@example.com', password: 'long-enough-pw' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'First name is required.', errors: { firstName: 'First name is required' } });
    const rows = await t.database.db.select().from(users).where(eq(users.email, 'nameless@example.com'));
    expect(rows).toEqual([]);
  });

  it('never lets a new account choose its role or status: Better Auth drops them and stores the defaults', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: ORIGIN,
      remoteAddress: nextClientAddress(),
      payload: {
        email: 'sneaky@example.com',
        password: 'long-enough-pw',
        name: 'S N',
        firstName: 'S',
        lastName: 'N',
        role: 'admin',
        status: 'pending',
      },
    });
    // Fields with input: false and a default value are replaced by the default, not refused.
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ email: 'sneaky@example.com' });
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'sneaky@example.com'));
    expect(row).toMatchObject({ role: 'user', status: 'active' });
  });

  it('answers a wrong password with 401 and a message', async () => {
    const owner = await signUp(t.app, { email: 'wrong-pw@example.com', password: 'right-password-1' });
    const response = await signIn(owner.email, 'wrong-password-1');
    expect(response.statusCode).toBe(401);
    const body = response.json();
    expect(body.message).toEqual(expect.any(String));
    expect(body.message.length).toBeGreaterThan(0);
    expect(body.code).toBe('INVALID_EMAIL_OR_PASSWORD');
  });

  it('answers Better Auth\'s request validation failures in our error shape', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: ORIGIN,
      remoteAddress: nextClientAddress(),
      payload: { name: 'No Mail', password: 'long-enough-pw' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'The email field is missing or not valid.', errors: { email: expect.any(String) } });
  });

  it('signs in with the right password and rejects a wrong one', async () => {
    const owner = await signUp(t.app, { email: 'pw@example.com', password: 'right-password-1' });
    const wrong = await signIn(owner.email, 'wrong-password-1');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['set-cookie']).toBeUndefined();

    const right = await signIn(owner.email, 'right-password-1');
    expect(right.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: cookieHeader(right.headers['set-cookie']) } });
    expect(me.json().email).toBe('pw@example.com');
  });

  it('rate-limits repeated sign-in attempts from one address with 429', async () => {
    const address = nextClientAddress();
    const responses = [];
    for (let i = 0; i < 12; i++) responses.push(await signIn('nobody@example.com', 'whatever-pw', address));
    expect(responses.slice(0, 10).every((r) => r.statusCode === 401)).toBe(true);
    expect(responses.at(-1)?.statusCode).toBe(429);
    expect(responses.at(-1)?.json()).toEqual({ message: expect.any(String) });
    expect(Number(responses.at(-1)?.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('slows down one account after many wrong passwords from many addresses, and only that account', async () => {
    const target = await signUp(t.app, { email: 'target@example.com', password: 'the-right-password' });
    const bystander = await signUp(t.app, { email: 'bystander@example.com', password: 'the-right-password' });
    for (let i = 0; i < MAX_FAILURES; i++) expect((await signIn(target.email, `wrong-${i}-password`)).statusCode).toBe(401);
    // Even the right password waits now, from an address never seen before.
    const limited = await signIn(' Target@Example.com ', 'the-right-password');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: ACCOUNT_LIMIT_MESSAGE });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(WINDOW_MS / 1000);
    expect(limited.headers['set-cookie']).toBeUndefined();
    expect((await signIn(bystander.email, 'the-right-password')).statusCode).toBe(200);
  });

  it('lets the owner in from a browser that signed in before while strangers have used up the account\'s failures, and only from it', { timeout: 180_000 }, async () => {
    await postSignUp(t.app, { email: 'remembered@example.com', password: 'the-right-password', firstName: 'Rita', lastName: 'Member' });
    const signedUp = await enterCode(t.app, 'remembered@example.com', (await verificationEmailTo(t.app, 'remembered@example.com')).code);
    const owner = { email: 'remembered@example.com', id: signedUp.json().user.id };
    const other = await signUp(t.app, { email: 'someone-else@example.com', password: 'the-right-password' });
    // Remembered from entering the code, and renewed (the same browser) by a sign-in.
    const rememberedBrowser = rememberedBrowserOf(signedUp);
    expect(rememberedBrowserOf(await signIn(owner.email, 'the-right-password', nextClientAddress(), rememberedBrowser))).toBe(rememberedBrowser);
    const otherAccountsBrowser = rememberedBrowserOf(await signIn(other.email, 'the-right-password'));
    for (let i = 0; i < MAX_FAILURES; i++) expect((await signIn(owner.email, `wrong-${i}-password`)).statusCode).toBe(401);

    expect((await signIn(owner.email, 'the-right-password')).statusCode).toBe(429);
    expect((await signIn(owner.email, 'the-right-password', nextClientAddress(), otherAccountsBrowser)).statusCode).toBe(429);
    const forged = rememberedBrowser.replace(/.(?=;|$)/, (last) => (last === 'A' ? 'B' : 'A'));
    expect((await signIn(owner.email, 'the-right-password', nextClientAddress(), forged)).statusCode).toBe(429);
    const owners = await signIn(owner.email, 'the-right-password', nextClientAddress(), rememberedBrowser);
    expect(owners.statusCode).toBe(200);
    expect(owners.json().user.id).toBe(owner.id);

    // The remembered browser has failures of its own to spend, and no more.
    for (let i = 0; i < MAX_FAILURES; i++) expect((await signIn(owner.email, `guess-${i}-password`, nextClientAddress(), rememberedBrowser)).statusCode).toBe(401);
    expect((await signIn(owner.email, 'the-right-password', nextClientAddress(), rememberedBrowser)).statusCode).toBe(429);
  });

  it('counts only failures, and lets the account in again once the window has passed', async () => {
    const now = Date.UTC(2030, 0, 1, 12, 0, 0);
    const email = 'window@example.com';
    for (let i = 0; i < MAX_FAILURES - 1; i++) await beginSignInAttempt(t.database.db, email, { now });
    await (await beginSignInAttempt(t.database.db, email, { now })).notFailed();
    await beginSignInAttempt(t.database.db, email, { now });
    await expect(beginSignInAttempt(t.database.db, email, { now })).rejects.toMatchObject({ statusCode: 429 });
    await expect(beginSignInAttempt(t.database.db, email, { now: now + WINDOW_MS })).resolves.toBeDefined();
  });

  it('checks no more wrong passwords than the account allows when they all arrive at once', { timeout: 180_000 }, async () => {
    const target = await signUp(t.app, { email: 'simultaneous@example.com', password: 'the-right-password' });
    const responses = await Promise.all(Array.from({ length: 30 }, (_, i) => signIn(target.email, `wrong-${i}-password`)));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(MAX_FAILURES);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - MAX_FAILURES);
  });

  it('answers 401 to /api/auth/user when signed out', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/user' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toHaveProperty('message');
  });

  it('signs out through /api/logout, which ends the session and goes home', async () => {
    const owner = await signUp(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: { cookie: owner.cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/');
    const after = await t.app.inject(asUser(owner, { method: 'GET', url: '/api/auth/user' }));
    expect(after.statusCode).toBe(401);
  });

  it('ignores a logout link followed from another site', async () => {
    const owner = await signUp(t.app);
    await t.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie: owner.cookie, 'sec-fetch-site': 'cross-site' } });
    const after = await t.app.inject(asUser(owner, { method: 'GET', url: '/api/auth/user' }));
    expect(after.statusCode).toBe(200);
  });

  it('sends /api/login to the sign-in page with a safe return path', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/api/login?returnTo=%2Fprofile' });
    expect(ok.statusCode).toBe(302);
    expect(ok.headers.location).toBe('/login?returnTo=%2Fprofile');
    const offsite = await t.app.inject({ method: 'GET', url: '/api/login?returnTo=https%3A%2F%2Fevil.example' });
    expect(offsite.headers.location).toBe('/login?returnTo=%2F');
  });

  it('does not let an inactive account sign in', async () => {
    const owner = await signUp(t.app, { email: 'inactive@example.com', password: 'inactive-pass-1' });
    await t.database.db.update(users).set({ status: 'inactive' }).where(eq(users.id, owner.id));
    const response = await signIn(owner.email, 'inactive-pass-1');
    expect(response.statusCode).toBe(403);
  });

  it('keeps profile edits to PATCH /api/profile: Better Auth update-user is switched off', async () => {
    const owner = await signUp(t.app);
    const response = await t.app.inject(
      asUser(owner, { method: 'POST', url: '/api/auth/update-user', payload: { firstName: '' } }),
    );
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });
});
