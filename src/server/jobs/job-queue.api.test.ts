import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { startSmtpInbox, type SmtpInbox } from '../test/smtp-inbox.js';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { inTransaction } from '../db/transaction.js';
import { createMailer, SMTP_CONNECTIONS } from '../mail/mailer.js';
import { defineEmailJob, enqueueEmail } from '../mail/email-job.js';
import { createJobQueue } from './job-queue.js';

/** The subject of every message the inbox received, as often as it was received. */
function subjectsIn(inbox: SmtpInbox): string[] {
  return inbox.raw.map((text) => /^Subject: (.*)$/m.exec(text)?.[1]?.trim() ?? '');
}

function deliveredCount(inbox: SmtpInbox, subjects: string[]): number {
  const wanted = new Set(subjects);
  return subjectsIn(inbox).filter((subject) => wanted.has(subject)).length;
}

function emailsTo(prefix: string, count: number) {
  return Array.from({ length: count }, (_, i) => ({ to: `${prefix}-${i}@example.com`, subject: `${prefix} ${i}`, text: `Message ${i}` }));
}

describe('background jobs: a queue drains in batches', () => {
  let t: TestApp;
  let inbox: SmtpInbox;
  const refused = new Set<string>();
  const attempts = new Map<string, number>();
  beforeAll(async () => {
    inbox = await startSmtpInbox({
      refuse: (recipient) => {
        attempts.set(recipient, (attempts.get(recipient) ?? 0) + 1);
        return refused.delete(recipient);
      },
    });
    // Workers look for jobs twice a second, as in every API test; a failed job is retried after a second or two.
    t = await createTestApp({ SMTP_URL: inbox.url }, { jobRetryDelaySeconds: 1 });
  });
  afterAll(async () => {
    await t.close();
    await inbox.close();
  });

  // One job per poll would need 50 s for these; the timeout is a throughput floor, not a measurement.
  it('sends a backlog of a hundred e-mails within seconds, over a few SMTP connections', { timeout: 20_000 }, async () => {
    const emails = emailsTo('backlog', 100);
    await inTransaction(t.app.db, async (tx) => {
      for (const email of emails) await enqueueEmail(t.app.jobs, tx, email);
    });
    const subjects = emails.map((e) => e.subject);
    await expect.poll(() => deliveredCount(inbox, subjects), { timeout: 19_000, interval: 100 }).toBe(emails.length);
    expect(inbox.peakConnections()).toBeLessThanOrEqual(SMTP_CONNECTIONS);
  });

  it('retries an e-mail that failed on its own: the others of its batch are sent once', { timeout: 20_000 }, async () => {
    const emails = emailsTo('batch', 12);
    const bouncing = emails[5]!;
    refused.add(bouncing.to);
    await inTransaction(t.app.db, async (tx) => {
      for (const email of emails) await enqueueEmail(t.app.jobs, tx, email);
    });
    const completed = async () =>
      (
        await t.database.executeSql(
          `select data->>'subject' as subject, retry_count from pgboss.job where name = 'email-send' and data->>'subject' like 'batch %' and state = 'completed'`,
        )
      ).rows as { subject: string; retry_count: number }[];
    // A job is completed once the inbox has taken its message: then every send, first or retried, is in.
    await expect.poll(async () => (await completed()).length, { timeout: 19_000, interval: 100 }).toBe(emails.length);
    expect(attempts.get(bouncing.to)).toBe(2);
    const received = subjectsIn(inbox);
    for (const { subject } of emails) expect(received.filter((s) => s === subject), subject).toHaveLength(1);
    for (const row of await completed()) expect(row.retry_count, row.subject).toBe(row.subject === bouncing.subject ? 1 : 0);
  });
});

describe('background jobs: workers wake when a job commits', () => {
  let t: TestApp;
  let inbox: SmtpInbox;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
    // Workers that look for jobs only every minute: whatever arrives sooner was announced.
    t = await createTestApp({ SMTP_URL: inbox.url }, { jobPollingIntervalSeconds: 60 });
  });
  afterAll(async () => {
    await t.close();
    await inbox.close();
  });

  it('sends e-mails this server committed without waiting for the next poll', async () => {
    const emails = emailsTo('here', 3);
    await inTransaction(t.app.db, async (tx) => {
      for (const email of emails) await enqueueEmail(t.app.jobs, tx, email);
    });
    await expect.poll(() => deliveredCount(inbox, emails.map((e) => e.subject)), { timeout: 10_000, interval: 100 }).toBe(emails.length);
  });

  // Only PostgreSQL has other servers: a PGlite folder belongs to one process (its lock), whose jobs wake
  // their workers in the process, as the test above shows.
  if (process.env.TEST_DB !== 'postgres') return;
  it('sends e-mails another server committed without waiting for the next poll', async () => {
    const database: DatabaseHandle = await openDatabase({ url: t.database.url });
    try {
      const otherServer = createJobQueue(database, t.app.log);
      defineEmailJob(otherServer, createMailer({ from: 'K&B Marine <x@example.com>', log: t.app.log }), database.db, t.app.log, { prepare: async (_db, message) => message });
      const emails = emailsTo('there', 3);
      await inTransaction(database.db, async (tx) => {
        for (const email of emails) await enqueueEmail(otherServer, tx, email);
      });
      await expect.poll(() => deliveredCount(inbox, emails.map((e) => e.subject)), { timeout: 10_000, interval: 100 }).toBe(emails.length);
    } finally {
      await database.close();
    }
  });
});
