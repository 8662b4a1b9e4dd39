import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail } from '../../audit/audit-log.js';
import { startSmtpInbox, type SmtpInbox } from '../../test/smtp-inbox.js';
import { asUser, cookieHeader, createTestApp, nextClientAddress, ORIGIN, signUp, type TestApp, type TestUser } from '../../test/test-app.js';
import { CURRENT_PASSWORD_REQUIRED, EMAIL_CHANGE_LINK_HOURS, INCORRECT_PASSWORD } from '../../../common/profile-email-change.js';
import {
  EMAIL_TAKEN_MESSAGE,
  LINK_ALREADY_USED,
  LINK_EXPIRED,
  LINK_NOT_VALID,
  LINK_PASSWORD_CHANGED,
  LINK_REPLACED,
  TOO_MANY_EMAIL_CHANGES,
  TOO_MANY_LINK_ATTEMPTS,
} from './email-change.js';

let t: TestApp;
let smtp: SmtpInbox;
// The clock of the link's expiry; the tests move it.
let clock = new Date();
beforeAll(async () => {
  smtp = await startSmtpInbox();
  t = await createTestApp({ SMTP_URL: smtp.url }, { now: () => clock });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const PASSWORD = 'harbour-password-1';

function profileOf(user: TestUser, change: Record<string, unknown> = {}) {
  return { firstName: 'Nora', lastName: 'Keel', email: user.email, phone: '', address: '', city: '', state: '', zipCode: '', ...change };
}

function patch(user: TestUser, payload: Record<string, unknown>) {
  return t.app.inject(asUser(user, { method: 'PATCH', url: '/api/profile', payload }));
}

function signIn(email: string, password = PASSWORD) {
  return t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: ORIGIN, remoteAddress: nextClientAddress(), payload: { email, password } });
}

async function me(user: { cookie: string }) {
  return (await t.app.inject(asUser(user, { method: 'GET', url: '/api/auth/user' }))).json();
}

function confirm(token: string, remoteAddress = nextClientAddress()) {
  return t.app.inject({ method: 'POST', url: '/api/profile/email-change/confirm', headers: ORIGIN, remoteAddress, payload: { token } });
}

/** The token of the newest confirmation link sent to `to` (after `sentBefore` messages). */
async function linkTokenSentTo(to: string, sentBefore = 0): Promise<string> {
  const mail = await smtp.waitFor((m) => m.subject?.startsWith('Confirm your new') === true && m.to !== undefined && JSON.stringify(m.to).includes(to) && smtp.raw.length > sentBefore);
  const link = mail.text?.match(/http:\/\/localhost:3000\/confirm-email\?token=[\w-]+/g)?.at(-1);
  expect(link).toBeDefined();
  return new URL(link!).searchParams.get('token')!;
}

/** Every message the inbox holds for `to`, by subject. */
async function subjectsSentTo(to: string): Promise<string[]> {
  const { simpleParser } = await import('mailparser');
  const mails = await Promise.all(smtp.raw.map((raw) => simpleParser(raw)));
  return mails.filter((m) => JSON.stringify(m.to).includes(to)).map((m) => m.subject ?? '');
}

describe('changing the e-mail address from My Profile', () => {
  it('saves the other fields without a password while the address stays the same', async () => {
    const user = await signUp(t.app, { email: 'same-address@example.com', password: PASSWORD });
    const response = await patch(user, profileOf(user, { email: ' Same-Address@Example.com ', city: 'Mystic' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: 'same-address@example.com', city: 'Mystic', firstName: 'Nora' });
  });

  it.each([
    ['without the current password', {}, CURRENT_PASSWORD_REQUIRED],
    ['with an empty current password', { currentPassword: '' }, CURRENT_PASSWORD_REQUIRED],
    ['with a wrong current password', { currentPassword: 'not-my-password' }, INCORRECT_PASSWORD],
  ])('refuses a new address %s: 400 on the password field, and nothing changes or is sent', async (_case, password, message) => {
    const user = await signUp(t.app, { email: `refused-${message.length}-${Object.keys(password).length}@example.com`, password: PASSWORD });
    const response = await patch(user, profileOf(user, { email: 'thief@example.com', city: 'Changed', ...password }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, errors: { currentPassword: message } });
    expect(await me(user)).toMatchObject({ email: user.email, city: null });
    const pending = await t.app.inject(asUser(user, { method: 'GET', url: '/api/profile/email-change' }));
    expect(pending.json()).toEqual({ pending: null });
    expect((await signIn('thief@example.com')).statusCode).toBe(401);
  });

  it('sends a link to the new address, tells the old one, and changes the address only when the link is followed', async () => {
    const user = await signUp(t.app, { email: 'old-harbour@example.com', password: PASSWORD });
    const otherDevice = cookieHeader((await signIn(user.email)).headers['set-cookie']);
    const response = await patch(user, profileOf(user, { email: 'New-Harbour@example.com', city: 'Newport', currentPassword: PASSWORD }));
    expect(response.statusCode).toBe(200);
    // The other fields saved at once; the address waits for its link.
    expect(response.json()).toMatchObject({ email: 'old-harbour@example.com', city: 'Newport' });
    const pending = (await t.app.inject(asUser(user, { method: 'GET', url: '/api/profile/email-change' }))).json();
    expect(pending).toEqual({ pending: { newEmail: 'new-harbour@example.com', expiresAt: expect.any(String) } });
    expect(Date.parse(pending.pending.expiresAt) - clock.getTime()).toBe(EMAIL_CHANGE_LINK_HOURS * 3_600_000);
    expect((await signIn('new-harbour@example.com')).statusCode).toBe(401);

    const token = await linkTokenSentTo('new-harbour@example.com');
    const told = await smtp.waitFor((m) => JSON.stringify(m.to).includes('old-harbour@example.com') && /about to change/.test(m.subject ?? ''));
    expect(told.text).toContain('new-harbour@example.com');
    expect(told.text).not.toContain(token);

    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ email: 'new-harbour@example.com' });
    expect(await me(user)).toMatchObject({ email: 'new-harbour@example.com' });
    expect((await signIn('new-harbour@example.com')).statusCode).toBe(200);
    expect((await signIn('old-harbour@example.com')).statusCode).toBe(401);
    // Sessions are kept: the change was asked with the password and confirmed from the new address.
    expect((await me({ cookie: otherDevice })).email).toBe('new-harbour@example.com');

    await smtp.waitFor((m) => JSON.stringify(m.to).includes('old-harbour@example.com') && /was changed/.test(m.subject ?? ''));
    const trail = await auditTrail(t.database.db, 'user', user.id);
    expect(trail.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ['email_change.requested', { email: 'old-harbour@example.com' }, { pendingEmail: 'new-harbour@example.com', expiresAt: pending.pending.expiresAt }],
      ['email_change.applied', { email: 'old-harbour@example.com' }, { email: 'new-harbour@example.com' }],
    ]);

    const again = await confirm(token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: LINK_ALREADY_USED });
  });

  it('refuses a link past its hours, and one a newer request replaced', async () => {
    const user = await signUp(t.app, { email: 'slow-reader@example.com', password: PASSWORD });
    const sent = smtp.raw.length;
    expect((await patch(user, profileOf(user, { email: 'first-choice@example.com', currentPassword: PASSWORD }))).statusCode).toBe(200);
    const first = await linkTokenSentTo('first-choice@example.com', sent);
    expect((await patch(user, profileOf(user, { email: 'second-choice@example.com', currentPassword: PASSWORD }))).statusCode).toBe(200);
    const second = await linkTokenSentTo('second-choice@example.com', sent);

    const replaced = await confirm(first);
    expect(replaced.statusCode).toBe(410);
    expect(replaced.json()).toEqual({ message: LINK_REPLACED });

    const requestedAt = clock;
    try {
      clock = new Date(requestedAt.getTime() + EMAIL_CHANGE_LINK_HOURS * 3_600_000 + 60_000);
      const expired = await confirm(second);
      expect(expired.statusCode).toBe(410);
      expect(expired.json()).toEqual({ message: LINK_EXPIRED });
      expect((await t.app.inject(asUser(user, { method: 'GET', url: '/api/profile/email-change' }))).json()).toEqual({ pending: null });
    } finally {
      clock = new Date();
    }
    expect(await me(user)).toMatchObject({ email: 'slow-reader@example.com' });
  });

  it('answers 409 when another account took the new address before the link was followed', async () => {
    const user = await signUp(t.app, { email: 'patient@example.com', password: PASSWORD });
    expect((await patch(user, profileOf(user, { email: 'contested@example.com', currentPassword: PASSWORD }))).statusCode).toBe(200);
    const token = await linkTokenSentTo('contested@example.com');
    await signUp(t.app, { email: 'contested@example.com' });
    const response = await confirm(token);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: EMAIL_TAKEN_MESSAGE, errors: { email: EMAIL_TAKEN_MESSAGE } });
    expect(await me(user)).toMatchObject({ email: 'patient@example.com' });
  });

  it('answers 409 at once for an address another account has, after the password is checked', async () => {
    const user = await signUp(t.app, { email: 'second-comer@example.com', password: PASSWORD });
    await signUp(t.app, { email: 'first-comer@example.com' });
    const wrong = await patch(user, profileOf(user, { email: 'first-comer@example.com', currentPassword: 'not-my-password' }));
    expect(wrong.statusCode).toBe(400);
    const taken = await patch(user, profileOf(user, { email: 'First-Comer@example.com', firstName: 'Changed', currentPassword: PASSWORD }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: EMAIL_TAKEN_MESSAGE, errors: { email: EMAIL_TAKEN_MESSAGE } });
    expect(await me(user)).toMatchObject({ firstName: 'Test', email: 'second-comer@example.com' });
  });

  it('voids the link when the password changes after it was sent', async () => {
    const user = await signUp(t.app, { email: 'careful@example.com', password: PASSWORD });
    expect((await patch(user, profileOf(user, { email: 'intruder@example.com', currentPassword: PASSWORD }))).statusCode).toBe(200);
    const token = await linkTokenSentTo('intruder@example.com');
    const change = await t.app.inject(
      asUser(user, { method: 'POST', url: '/api/auth/change-password', payload: { currentPassword: PASSWORD, newPassword: 'a-brand-new-password' } }),
    );
    expect(change.statusCode).toBe(200);
    const response = await confirm(token);
    expect(response.statusCode).toBe(410);
    expect(response.json()).toEqual({ message: LINK_PASSWORD_CHANGED });
    expect(await me(user)).toMatchObject({ email: 'careful@example.com' });
  });

  it('limits attempts per account, wrong passwords included, with Retry-After', async () => {
    const user = await signUp(t.app, { email: 'guesser@example.com', password: PASSWORD });
    for (let i = 0; i < 5; i++) {
      expect((await patch(user, profileOf(user, { email: 'elsewhere@example.com', currentPassword: `guess-${i}` }))).statusCode).toBe(400);
    }
    const limited = await patch(user, profileOf(user, { email: 'elsewhere@example.com', currentPassword: PASSWORD }));
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: TOO_MANY_EMAIL_CHANGES });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The rest of the profile still saves.
    expect((await patch(user, profileOf(user, { city: 'Still Saves' }))).statusCode).toBe(200);
  });

  it('answers 404 for a link it never sent, and 401 for the pending change when signed out', async () => {
    const unknown = await confirm('a'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: LINK_NOT_VALID });
    expect((await t.app.inject({ method: 'GET', url: '/api/profile/email-change' })).statusCode).toBe(401);
    expect(await subjectsSentTo('thief@example.com')).toEqual([]);
  });

  it('limits the links one client address may try, with Retry-After, and a real link still works from elsewhere', async () => {
    const user = await signUp(t.app, { password: PASSWORD });
    const before = smtp.raw.length;
    expect((await patch(user, { ...profileOf(user, { email: 'guessed-not@example.com' }), currentPassword: PASSWORD })).statusCode).toBe(200);
    const token = await linkTokenSentTo('guessed-not@example.com', before);
    const guesser = nextClientAddress();
    for (let i = 0; i < 10; i++) expect((await confirm(`${'g'.repeat(42)}${i}`, guesser)).statusCode).toBe(404);
    const limited = await confirm(token, guesser);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: TOO_MANY_LINK_ATTEMPTS });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await confirm(token)).statusCode).toBe(200);
    expect((await me(user)).email).toBe('guessed-not@example.com');
  });
});
