import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, nextClientAddress, ORIGIN, postSignUp, signUp, type TestApp } from '../test/test-app.js';
import { startSmtpInbox } from '../test/smtp-inbox.js';
import { MAX_ACCOUNT_EMAILS } from './account-email-limit.js';

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

function requestReset(email: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    headers: ORIGIN,
    remoteAddress: nextClientAddress(),
    payload: { email, redirectTo: `${ORIGIN.origin}/reset-password` },
  });
}

function signUpAs(email: string) {
  return postSignUp(t.app, { email, password: 'someone-elses-pw', firstName: 'Some', lastName: 'One' });
}

/**
 * E-mails queued to this address so far. Each is queued before its request is answered, so once the
 * requests are answered this is every e-mail they will ever send.
 */
async function emailsQueuedTo(email: string): Promise<number> {
  const { rows } = await t.database.executeSql(`select count(*)::int as n from pgboss.job where data->>'to' = $1`, [email]);
  return (rows[0] as { n: number }).n;
}

function inboxOf(email: string, subject: RegExp): string[] {
  return smtp.raw.filter((raw) => raw.includes(`To: ${email}`) && subject.test(raw.replace(/=\r?\n/g, '')));
}

describe('e-mails to one account asked for without signing in', () => {
  it(`sends at most ${MAX_ACCOUNT_EMAILS} e-mails to one account (its code among them), however many addresses ask for reset links, and answers each as an unknown address`, async () => {
    const owner = await signUp(t.app, { email: 'popular@example.com' });
    const answers = [];
    for (let i = 0; i < MAX_ACCOUNT_EMAILS + 5; i++) answers.push(await requestReset(i % 2 ? owner.email.toUpperCase() : owner.email));
    const unknown = await requestReset('nobody-here@example.com');

    expect(unknown.statusCode).toBe(200);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(unknown.statusCode);
      expect(answer.body).toBe(unknown.body);
      expect(answer.headers['content-type']).toBe(unknown.headers['content-type']);
    }
    expect(await emailsQueuedTo(owner.email)).toBe(MAX_ACCOUNT_EMAILS);
    await expect.poll(() => inboxOf(owner.email, /Subject: Reset your/).length, { timeout: 10_000 }).toBe(MAX_ACCOUNT_EMAILS - 1);
  });

  it('answers a sign-up with an address that has an account exactly as a new one, and tells the owner by e-mail within the allowance', async () => {
    const owner = await signUp(t.app, { email: 'already-here@example.com' });
    const fresh = await signUpAs('never-seen@example.com');
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toEqual({ email: 'never-seen@example.com' });
    expect(fresh.headers['set-cookie']).toBeUndefined();
    for (let i = 0; i < MAX_ACCOUNT_EMAILS + 2; i++) {
      const attempt = await signUpAs(i % 2 ? 'Already-Here@Example.com' : owner.email);
      // Past the allowance too: a 429 would tell that the address has an account.
      expect(attempt.statusCode).toBe(fresh.statusCode);
      expect(attempt.body).toBe(JSON.stringify({ email: owner.email }));
      expect(attempt.headers['content-type']).toBe(fresh.headers['content-type']);
      expect(attempt.headers['set-cookie']).toBeUndefined();
    }
    // The code of its own sign-up, then notes up to the allowance.
    expect(await emailsQueuedTo(owner.email)).toBe(MAX_ACCOUNT_EMAILS);
    const notice = await smtp.waitFor((mail) => mail.subject?.startsWith('Someone tried to create') === true);
    expect(notice.to).toMatchObject({ text: owner.email });
    expect(notice.text).toMatch(/already has an account/);
    expect(notice.text).toMatch(/http:\/\/localhost:3000\/login/);
    expect(notice.text).toMatch(/Forgot password\?/);
    await expect.poll(() => inboxOf(owner.email, /Subject: Someone tried to create/).length, { timeout: 10_000 }).toBe(MAX_ACCOUNT_EMAILS - 1);
  });

  it('counts codes, sign-up notices and reset links in one allowance per account', async () => {
    const owner = await signUp(t.app, { email: 'one-allowance@example.com' });
    for (let i = 0; i < MAX_ACCOUNT_EMAILS; i++) expect((await signUpAs(owner.email)).statusCode).toBe(200);
    expect((await requestReset(owner.email)).statusCode).toBe(200);
    expect(await emailsQueuedTo(owner.email)).toBe(MAX_ACCOUNT_EMAILS);
  });
});
