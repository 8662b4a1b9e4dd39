import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions, users } from '../db/schema.js';
import { asUser, cookieHeader, createTestApp, nextClientAddress, ORIGIN, signUp, type TestApp, type TestUser } from '../test/test-app.js';

const TTL_SECONDS = 5;
const OPERATOR_TOKEN = 'operator-token-for-the-session-cache-test';

let t: TestApp;
let admin: TestUser;
/** The session cache's clock: the tests pass its time to live without waiting. */
let clock = Date.now();

beforeAll(async () => {
  t = await createTestApp({ SESSION_CACHE_SECONDS: String(TTL_SECONDS) }, { sessionCacheClock: () => clock, operatorToken: OPERATOR_TOKEN });
  admin = await signUp(t.app, { firstName: 'Hana', lastName: 'Harbor' });
  await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
});
afterAll(() => t.close());

const whoAmI = (user: { cookie: string }) => t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: user.cookie } });

/** A signed-in user whose session this server has just looked up, so it is held in memory. */
async function rememberedUser(): Promise<TestUser> {
  const user = await signUp(t.app);
  expect((await whoAmI(user)).statusCode).toBe(200);
  return user;
}

function passTimeToLive() {
  clock += TTL_SECONDS * 1000;
}

function edit(user: TestUser, change: Record<string, unknown>) {
  const payload = { firstName: 'Test', lastName: 'Owner', email: user.email, phone: '', role: 'user', status: 'active', ...change };
  return t.app.inject(asUser(admin, { method: 'PATCH', url: `/api/admin/users/${user.id}`, payload }));
}

describe('signed-in users answered from memory', () => {
  it('shows a role written straight to the database (by another server or a script) once the time to live has passed', async () => {
    const user = await rememberedUser();
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, user.id));
    expect((await whoAmI(user)).json().role).toBe('user');
    passTimeToLive();
    expect((await whoAmI(user)).json().role).toBe('admin');
  });

  it('stops answering a session ended in the database by another server once the time to live has passed', async () => {
    const user = await rememberedUser();
    await t.database.db.delete(sessions).where(eq(sessions.userId, user.id));
    passTimeToLive();
    expect((await whoAmI(user)).statusCode).toBe(401);
  });

  it('stops answering an account made inactive in the database once the time to live has passed', async () => {
    const user = await rememberedUser();
    await t.database.db.update(users).set({ status: 'inactive' }).where(eq(users.id, user.id));
    passTimeToLive();
    expect((await whoAmI(user)).statusCode).toBe(401);
  });

  it('shows a role changed by an administrator on this server at once', async () => {
    const user = await rememberedUser();
    expect((await edit(user, { role: 'admin' })).statusCode).toBe(200);
    expect((await whoAmI(user)).json().role).toBe('admin');
  });

  it('shows a role set with user:set-role (the operator command) at once', async () => {
    const user = await rememberedUser();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/internal/set-role',
      headers: { 'x-operator-token': OPERATOR_TOKEN },
      remoteAddress: '127.0.0.1',
      payload: { email: user.email, role: 'admin' },
    });
    expect(response.statusCode).toBe(200);
    expect((await whoAmI(user)).json().role).toBe('admin');
  });

  it('ends the session at once when its owner signs out', async () => {
    const user = await rememberedUser();
    const signOut = await t.app.inject(asUser(user, { method: 'POST', url: '/api/auth/sign-out', payload: {} }));
    expect(signOut.statusCode).toBe(200);
    expect((await whoAmI(user)).statusCode).toBe(401);
  });

  it('ends the session at once when its owner signs out through /api/logout', async () => {
    const user = await rememberedUser();
    await t.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie: user.cookie, 'sec-fetch-site': 'same-origin' } });
    expect((await whoAmI(user)).statusCode).toBe(401);
  });

  it('ends the other sessions at once when the password changes with revokeOtherSessions', async () => {
    const user = await rememberedUser();
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: ORIGIN,
      remoteAddress: nextClientAddress(),
      payload: { email: user.email, password: user.password },
    });
    const otherDevice = { cookie: cookieHeader(signIn.headers['set-cookie']) };
    expect((await whoAmI(otherDevice)).statusCode).toBe(200);
    const change = await t.app.inject(
      asUser(user, {
        method: 'POST',
        url: '/api/auth/change-password',
        payload: { currentPassword: user.password, newPassword: 'another-password-2', revokeOtherSessions: true },
      }),
    );
    expect(change.statusCode).toBe(200);
    expect((await whoAmI(otherDevice)).statusCode).toBe(401);
  });

  it('ends the sessions at once when an administrator deactivates the account', async () => {
    const user = await rememberedUser();
    expect((await edit(user, { status: 'inactive' })).statusCode).toBe(200);
    expect((await whoAmI(user)).statusCode).toBe(401);
  });

  it('shuts a deleted account out at once', async () => {
    const user = await rememberedUser();
    const removed = await t.app.inject(asUser(admin, { method: 'DELETE', url: `/api/admin/users/${user.id}` }));
    expect(removed.statusCode).toBe(204);
    expect((await whoAmI(user)).statusCode).toBe(401);
  });

  it('keeps answering from memory across writes that change no user (a booking), and forgets after any other write', async () => {
    const user = await rememberedUser();
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, user.id));
    // A booking request (refused here: no such expert) changes no user or session.
    const booking = await t.app.inject(asUser(user, { method: 'POST', url: '/api/bookings', payload: {} }));
    expect(booking.statusCode).toBe(400);
    expect((await whoAmI(user)).json().role).toBe('user');
    // A write on a route not known to leave users alone (a profile edit, even one refused) starts afresh.
    await t.app.inject(asUser(user, { method: 'PATCH', url: '/api/profile', payload: {} }));
    expect((await whoAmI(user)).json().role).toBe('admin');
  });

  it('never answers a cookie whose signature does not match from memory', async () => {
    const user = await rememberedUser();
    // The same session token with another signature: the first character of the signature changed.
    const session = user.cookie.split('; ').find((pair) => pair.startsWith('better-auth.session_token='))!;
    const signatureAt = session.lastIndexOf('.') + 1;
    const changed = session[signatureAt] === 'A' ? 'B' : 'A';
    const forged = user.cookie.replace(session, session.slice(0, signatureAt) + changed + session.slice(signatureAt + 1));
    expect((await whoAmI({ cookie: forged })).statusCode).toBe(401);
    expect((await whoAmI(user)).statusCode).toBe(200);
  });

  it('leaves a cookie sent twice to Better Auth alone, and never remembers it', async () => {
    const user = await rememberedUser();
    const other = await signUp(t.app);
    const both = { cookie: `${user.cookie}; ${other.cookie}` };
    // Better Auth reads the first copy.
    expect((await whoAmI(both)).json().id).toBe(user.id);
    expect((await whoAmI(other)).json().id).toBe(other.id);
  });
});
