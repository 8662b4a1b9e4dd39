import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, nextClientAddress, ORIGIN, signUp, type TestApp } from '../test/test-app.js';
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

/**
 * E-mails queued to this address so far. Each is queued before its request is answered, so once the
 * requests are answered this is every e-mail they will ever send.
 */
async function emailsQueuedTo(email: string): Promise<number> {
  const result = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from pgboss.job where data->>'to' = ${email}`);
  return result.rows[0]!.n;
}

function inboxOf(email: string, subject: RegExp): string[] {
  return smtp.raw.filter((raw) => raw.includes(`To: ${email}`) && subject.test(raw.replace(/=\r?\n/g, '')));
}

describe('e-mails to one account asked for without signing in', () => {
  it(`sends at most ${MAX_ACCOUNT_EMAILS} reset links to one account, however many addresses ask, and answers each as an unknown address`, async () => {
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
    await expect.poll(() => inboxOf(owner.email, /Subject: Reset your/).length, { timeout: 10_000 }).toBe(MAX_ACCOUNT_EMAILS);
  });
});
