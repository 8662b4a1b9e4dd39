import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users, verifications } from '../db/schema.js';
import { asUser, cookieHeader, createTestApp, enterCode, nextClientAddress, ORIGIN, postSignUp, signUp, verificationEmailTo, type TestApp } from '../test/test-app.js';
import { startSmtpInbox, type SmtpInbox } from '../test/smtp-inbox.js';
import { insertExpert } from '../test/expert-factory.js';
import { daysAhead, postBooking, videoBooking } from '../test/booking-helpers.js';
import { ACCOUNT_EMAIL_WINDOW_MS } from './account-email-limit.js';
import { CODE_REFUSALS, TOO_MANY_CODES } from './email-verification.js';

let t: TestApp;
let inbox: SmtpInbox;
beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({ SMTP_URL: inbox.url });
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});

const PASSWORD = 'long-enough-pw';
let counter = 0;
const newAddress = () => `verify-${++counter}-${Date.now()}@example.com`;

async function signedUpUnverified(email = newAddress()) {
  expect((await postSignUp(t.app, { email, password: PASSWORD })).statusCode).toBe(200);
  return email;
}

function currentUser(cookie: string) {
  return t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
}

function sendCodeAgain(email: string, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/send-verification-email',
    headers: { ...ORIGIN, ...(cookie ? { cookie } : {}) },
    remoteAddress: nextClientAddress(),
    payload: { email },
  });
}

async function signInByPassword(email: string) {
  const response = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: ORIGIN, remoteAddress: nextClientAddress(), payload: { email, password: PASSWORD } });
  expect(response.statusCode, response.body).toBe(200);
  return cookieHeader(response.headers['set-cookie']);
}

describe('verifying a new address', () => {
  it('e-mails one message with a 6-digit code and a link; the code verifies the address and signs the account in', async () => {
    const email = await signedUpUnverified();
    const mail = await inbox.waitFor((m) => m.to !== undefined && JSON.stringify(m.to).includes(email));
    expect(mail.subject).toMatch(/^\d{6} is your K&B Marine code$/);
    const { code, link } = await verificationEmailTo(t.app, email);
    expect(mail.text).toContain(`Your code: ${code}`);
    expect(link).toMatch(/^http:\/\/localhost:3000\/api\/auth\/verify-email\?token=.+&callbackURL=%2Fdashboard$/);

    const verified = await enterCode(t.app, email, code);
    expect(verified.statusCode, verified.body).toBe(200);
    const me = await currentUser(cookieHeader(verified.headers['set-cookie']));
    expect(me.json()).toMatchObject({ email, emailVerified: true });
    // A code is used once.
    expect((await enterCode(t.app, email, code)).statusCode).toBe(400);
  });

  it('verifies and signs in by the link, and leads to the dashboard', async () => {
    const email = await signedUpUnverified();
    const { link } = await verificationEmailTo(t.app, email);
    const opened = await t.app.inject({ method: 'GET', url: link.replace('http://localhost:3000', ''), remoteAddress: nextClientAddress() });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe('/dashboard');
    const me = await currentUser(cookieHeader(opened.headers['set-cookie']));
    expect(me.json()).toMatchObject({ email, emailVerified: true });
  });

  it('leaves an account signed in by password unverified until the code, which it may ask for again', async () => {
    const email = await signedUpUnverified();
    const cookie = await signInByPassword(email);
    expect((await currentUser(cookie)).json()).toMatchObject({ emailVerified: false });
    const first = await verificationEmailTo(t.app, email);
    expect((await sendCodeAgain(email, cookie)).statusCode).toBe(200);
    // The newest verification e-mail is the new one, once it has left.
    const again = await verificationEmailTo(t.app, email);
    // Only the newest code works.
    if (again.code !== first.code) expect((await enterCode(t.app, email, first.code)).statusCode).toBe(400);
    expect((await enterCode(t.app, email, again.code)).statusCode).toBe(200);
    expect((await currentUser(cookie)).json()).toMatchObject({ emailVerified: true });
  });

  it('refuses a wrong code, an expired code and a code tried too often, each in words that say what to do', async () => {
    const email = await signedUpUnverified();
    const { code } = await verificationEmailTo(t.app, email);
    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await enterCode(t.app, email, wrong);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: CODE_REFUSALS.INVALID_OTP!.message });
    expect(refused.headers['set-cookie']).toBeUndefined();
    expect((await enterCode(t.app, email, wrong)).statusCode).toBe(400);
    expect((await enterCode(t.app, email, wrong)).statusCode).toBe(400);
    const spent = await enterCode(t.app, email, code);
    expect(spent.statusCode).toBe(429);
    expect(spent.json()).toMatchObject({ message: CODE_REFUSALS.TOO_MANY_ATTEMPTS!.message });
    expect(Number(spent.headers['retry-after'])).toBeGreaterThan(0);

    const late = await signedUpUnverified();
    const lateCode = (await verificationEmailTo(t.app, late)).code;
    await t.database.db.update(verifications).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(verifications.identifier, `email-verification-otp-${late}`));
    const expired = await enterCode(t.app, late, lateCode);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ message: CODE_REFUSALS.OTP_EXPIRED!.message });
    const [row] = await t.database.db.select({ verified: users.emailVerified }).from(users).where(eq(users.email, late));
    expect(row?.verified).toBe(false);
  });

  it("sends the code again at most three times an hour in all (the sign-up's own included), then 429 with the wait to the signed-in account", async () => {
    const email = await signedUpUnverified();
    expect((await sendCodeAgain(email)).statusCode).toBe(200);
    expect((await sendCodeAgain(email)).statusCode).toBe(200);
    // Signed out, past the allowance is answered as for any address, so it tells no stranger the account exists.
    const stranger = await sendCodeAgain(email);
    expect(stranger.statusCode).toBe(200);
    expect(stranger.json()).toEqual({ status: true });
    const past = await sendCodeAgain(email, await signInByPassword(email));
    expect(past.statusCode).toBe(429);
    expect(past.json()).toMatchObject({ message: TOO_MANY_CODES });
    expect(Number(past.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(past.headers['retry-after'])).toBeLessThanOrEqual(ACCOUNT_EMAIL_WINDOW_MS / 1000);
    const { rows } = await t.database.executeSql(`select count(*)::int as n from pgboss.job where name = 'email-send' and data->>'to' = $1`, [email]);
    expect((rows[0] as { n: number }).n).toBe(3);
    // An address without an account is answered as one with: nothing is sent.
    expect((await sendCodeAgain(newAddress())).statusCode).toBe(200);
  });
});

describe('e-mail to an address nobody verified', () => {
  it("sends a booking's e-mails to a verified owner and none to an unverified one", async () => {
    const expert = await insertExpert(t.database.db, { name: 'Vera Verified', instantBooking: true });
    const unverified = await signedUpUnverified();
    const unverifiedOwner = { email: unverified, password: PASSWORD, id: '', cookie: await signInByPassword(unverified) };
    const verifiedOwner = await signUp(t.app);

    const first = await postBooking(t.app, unverifiedOwner, videoBooking(expert.id, daysAhead(9), '9:00 AM'));
    expect(first.statusCode, first.body).toBe(201);
    const second = await postBooking(t.app, verifiedOwner, videoBooking(expert.id, daysAhead(9), '11:00 AM'));
    expect(second.statusCode, second.body).toBe(201);
    await inbox.waitFor((m) => m.subject?.startsWith(`Booking confirmed: #${second.json().number}`) === true);
    // Both were enqueued together, in the order booked: the first has left (or was held back) by now.
    await expect
      .poll(async () => {
        const { rows } = await t.database.executeSql(`select count(*)::int as n from pgboss.job where name = 'email-send' and data->>'to' = $1 and state <> 'completed'`, [unverified]);
        return (rows[0] as { n: number }).n;
      })
      .toBe(0);
    expect(inbox.raw.filter((raw) => raw.includes(`To: ${unverified}`) && !/Subject: \d{6} is your/.test(raw))).toEqual([]);
    expect((await t.app.inject(asUser(unverifiedOwner, { method: 'GET', url: `/api/bookings/${first.json().id}` }))).statusCode).toBe(200);
  });
});
