import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, cookieHeader, createTestApp, nextClientAddress, ORIGIN, signUp, type TestApp } from '../test/test-app.js';
import { startSmtpInbox } from '../test/smtp-inbox.js';
import { seedDemoExperts } from '../seed/seed-demo-experts.js';
import { demoEmailOf } from '../seed/demo-accounts.js';
import { setUserPassword } from './set-password.js';
import { MAX_FAILURES } from './account-sign-in-limit.js';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpInbox>>;
beforeAll(async () => {
  smtp = await startSmtpInbox();
  t = await createTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

function signIn(email: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: ORIGIN,
    remoteAddress: nextClientAddress(),
    payload: { email, password },
  });
}

function requestReset(email: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    headers: ORIGIN,
    remoteAddress: nextClientAddress(),
    payload: { email, redirectTo: `${ORIGIN.origin}/reset-password` },
  });
}

/** The tokens of the reset links mailed to this address, once `count` of them have arrived. */
async function resetTokensMailedTo(email: string, count: number): Promise<string[]> {
  const tokens = () =>
    smtp.raw
      .map((raw) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
      .filter((mail) => mail.includes(`To: ${email}`))
      .map((mail) => /\/api\/auth\/reset-password\/([^?\s]+)/.exec(mail)?.[1])
      .filter((token): token is string => !!token);
  await expect.poll(() => tokens().length, { timeout: 10_000 }).toBe(count);
  return tokens();
}

function resetWith(token: string, newPassword: string) {
  return t.app.inject({ method: 'POST', url: '/api/auth/reset-password', headers: ORIGIN, payload: { token, newPassword } });
}

describe('passwords', () => {
  it('resets a forgotten password through the e-mailed link', async () => {
    const owner = await signUp(t.app, { email: 'forgetful@example.com', password: 'old-password-1' });
    const request = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: ORIGIN,
      remoteAddress: nextClientAddress(),
      payload: { email: owner.email, redirectTo: `${ORIGIN.origin}/reset-password` },
    });
    expect(request.statusCode).toBe(200);

    // The e-mail leaves through the background job, after the request answered.
    const resets = () => smtp.raw.filter((raw) => raw.includes('Subject: Reset your'));
    await expect.poll(() => resets().length, { timeout: 10_000 }).toBe(1);
    const mail = resets()[0]!.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(mail).toMatch(/To: forgetful@example\.com/);
    const link = mail.match(/http:\/\/localhost:3000\/api\/auth\/reset-password\/[^\s]+/)?.[0];
    expect(link).toBeDefined();

    const follow = await t.app.inject({ method: 'GET', url: new URL(link!).pathname + new URL(link!).search });
    expect(follow.statusCode).toBe(302);
    const token = new URL(String(follow.headers.location)).searchParams.get('token');
    expect(token).toBeTruthy();

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: ORIGIN,
      payload: { token, newPassword: 'new-password-2' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(owner.email, 'old-password-1')).statusCode).toBe(401);
    expect((await signIn(owner.email, 'new-password-2')).statusCode).toBe(200);
  });

  it('refuses an older reset link once the password was reset through a newer one', async () => {
    const owner = await signUp(t.app, { email: 'two-links@example.com', password: 'old-password-1' });
    expect((await requestReset(owner.email)).statusCode).toBe(200);
    expect((await requestReset(owner.email)).statusCode).toBe(200);
    const [first, second] = await resetTokensMailedTo(owner.email, 2);

    expect((await resetWith(second!, 'second-link-pw-2')).statusCode).toBe(200);
    const older = await resetWith(first!, 'first-link-pw-3');
    expect(older.statusCode).toBe(400);
    expect(older.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    expect((await signIn(owner.email, 'first-link-pw-3')).statusCode).toBe(401);
    expect((await signIn(owner.email, 'second-link-pw-2')).statusCode).toBe(200);
  });

  it('refuses a reset link mailed before the password was changed while signed in', async () => {
    const owner = await signUp(t.app, { email: 'link-then-change@example.com', password: 'old-password-1' });
    expect((await requestReset(owner.email)).statusCode).toBe(200);
    const [token] = await resetTokensMailedTo(owner.email, 1);
    const change = await t.app.inject(
      asUser(owner, { method: 'POST', url: '/api/auth/change-password', payload: { currentPassword: 'old-password-1', newPassword: 'changed-password-2' } }),
    );
    expect(change.statusCode).toBe(200);

    expect((await resetWith(token!, 'from-old-link-3')).statusCode).toBe(400);
    expect((await signIn(owner.email, 'changed-password-2')).statusCode).toBe(200);
  });

  it('refuses a reset link mailed before an operator set the password', async () => {
    const owner = await signUp(t.app, { email: 'link-then-operator@example.com', password: 'old-password-1' });
    expect((await requestReset(owner.email)).statusCode).toBe(200);
    const [token] = await resetTokensMailedTo(owner.email, 1);
    await setUserPassword(t.database.db, owner.email, 'operator-password-2');

    expect((await resetWith(token!, 'from-old-link-3')).statusCode).toBe(400);
    expect((await signIn(owner.email, 'operator-password-2')).statusCode).toBe(200);
  });

  it('lets the owner sign in at once after a reset, though strangers had used up the account\'s failed sign-ins', async () => {
    const owner = await signUp(t.app, { email: 'reset-unlocks@example.com', password: 'old-password-1' });
    for (let i = 0; i < MAX_FAILURES; i++) expect((await signIn(owner.email, `wrong-${i}-password`)).statusCode).toBe(401);
    expect((await signIn(owner.email, 'old-password-1')).statusCode).toBe(429);
    expect((await requestReset(owner.email)).statusCode).toBe(200);
    const [token] = await resetTokensMailedTo(owner.email, 1);

    expect((await resetWith(token!, 'new-password-2')).statusCode).toBe(200);
    expect((await signIn(owner.email, 'new-password-2')).statusCode).toBe(200);
  });

  it('changes the password with the current one and signs out the other sessions', async () => {
    const owner = await signUp(t.app, { email: 'changer@example.com', password: 'first-password-1' });
    const otherDevice = cookieHeader((await signIn(owner.email, 'first-password-1')).headers['set-cookie']);

    const wrong = await t.app.inject(
      asUser(owner, {
        method: 'POST',
        url: '/api/auth/change-password',
        payload: { currentPassword: 'not-it-at-all', newPassword: 'second-password-2' },
      }),
    );
    expect(wrong.statusCode).toBe(400);

    const change = await t.app.inject(
      asUser(owner, {
        method: 'POST',
        url: '/api/auth/change-password',
        payload: { currentPassword: 'first-password-1', newPassword: 'second-password-2', revokeOtherSessions: true },
      }),
    );
    expect(change.statusCode).toBe(200);
    const other = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: otherDevice } });
    expect(other.statusCode).toBe(401);
    expect((await signIn(owner.email, 'second-password-2')).statusCode).toBe(200);
  });

  it('signs out every other session on request', async () => {
    const owner = await signUp(t.app, { email: 'many@example.com', password: 'many-password-1' });
    const second = cookieHeader((await signIn(owner.email, 'many-password-1')).headers['set-cookie']);
    const revoke = await t.app.inject(asUser(owner, { method: 'POST', url: '/api/auth/revoke-other-sessions', payload: {} }));
    expect(revoke.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: second } })).statusCode).toBe(401);
    expect((await t.app.inject(asUser(owner, { method: 'GET', url: '/api/auth/user' }))).statusCode).toBe(200);
  });
});

describe('demo expert accounts', () => {
  it('lets a demo expert, whose account has no password, choose one through the reset e-mail', async () => {
    await seedDemoExperts(t.database.db);
    const email = demoEmailOf('Travis Boudreaux');
    const before = smtp.raw.length;
    const request = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: ORIGIN,
      remoteAddress: nextClientAddress(),
      payload: { email, redirectTo: `${ORIGIN.origin}/reset-password` },
    });
    expect(request.statusCode).toBe(200);
    await expect.poll(() => smtp.raw.length, { timeout: 10_000 }).toBe(before + 1);
    const mail = smtp.raw[before]!.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const link = mail.match(/http:\/\/localhost:3000\/api\/auth\/reset-password\/[^\s]+/)?.[0];
    const follow = await t.app.inject({ method: 'GET', url: new URL(link!).pathname + new URL(link!).search });
    const token = new URL(String(follow.headers.location)).searchParams.get('token');
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', headers: ORIGIN, payload: { token, newPassword: 'demo-expert-pass-1' } });
    expect(reset.statusCode).toBe(200);
    const signedIn = await signIn(email, 'demo-expert-pass-1');
    expect(signedIn.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: cookieHeader(signedIn.headers['set-cookie']) } });
    expect(me.json()).toMatchObject({ email, role: 'expert' });
  });
});
