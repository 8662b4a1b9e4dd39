import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema.js';
import { asUser, cookieHeader, createTestApp, nextClientAddress, ORIGIN, signUp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function signIn(email: string, password: string, remoteAddress = nextClientAddress()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: ORIGIN,
    remoteAddress,
    payload: { email, password },
  });
}

describe('accounts', () => {
  it('signs up a new boat owner as an active user and starts a session', async () => {
    const owner = await signUp(t.app, { email: 'Skipper@Example.com', firstName: 'Sam', lastName: 'Skipper' });
    const me = await t.app.inject(asUser(owner, { method: 'GET', url: '/api/auth/user' }));
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      id: owner.id,
      email: 'skipper@example.com',
      firstName: 'Sam',
      lastName: 'Skipper',
      role: 'user',
      status: 'active',
      profileImageUrl: null,
      phone: null,
    });
    expect(Object.keys(me.json()).sort()).toEqual(
      ['id', 'profileImageUrl', 'firstName', 'lastName', 'email', 'phone', 'address', 'city', 'state', 'zipCode', 'role', 'status', 'createdAt'].sort(),
    );
  });

  it('sets an httpOnly, SameSite=Lax session cookie', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: ORIGIN,
      remoteAddress: nextClientAddress(),
      payload: { email: 'cookie@example.com', password: 'long-enough-pw', name: 'C K', firstName: 'C', lastName: 'K' },
    });
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
  });

  it('refuses a second account with the same e-mail', async () => {
    await signUp(t.app, { email: 'taken@example.com' });
    await expect(signUp(t.app, { email: 'taken@example.com' })).rejects.toThrow(/422/);
  });

  it('never lets a new account choose its role or status', async () => {
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
    // Better Auth either refuses the fields or drops them; in no case may they be stored.
    expect([200, 400]).toContain(response.statusCode);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'sneaky@example.com'));
    if (row) {
      expect(row.role).toBe('user');
      expect(row.status).toBe('active');
    }
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
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await signIn('nobody@example.com', 'whatever-pw', address)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
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
  });
});
