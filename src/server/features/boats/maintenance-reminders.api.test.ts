import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { asUser, cookieHeader, createTestApp, nextClientAddress, ORIGIN, postSignUp, signUp, type TestApp, type TestUser } from '../../test/test-app.js';
import { movableClock } from '../../test/booking-helpers.js';
import { startSmtpInbox, type SmtpInbox } from '../../test/smtp-inbox.js';
import { maintenanceTasks } from '../../db/schema.js';
import { addDays } from '../../../common/zoned-time.js';

const clock = movableClock(new Date('2027-02-01T15:00:00Z'));
let t: TestApp;
let inbox: SmtpInbox;
beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({ SMTP_URL: inbox.url }, { now: clock.now });
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});

const run = () => t.app.jobs.runNow('maintenance-reminders', {});
const today = () => clock.now().toISOString().slice(0, 10);
const remindersTo = (email: string) => inbox.raw.filter((raw) => raw.includes(`To: ${email}`) && !/Subject: \d{6} is your/.test(raw));

async function boatWithTasks(owner: TestUser, titles: string[], inDays: number): Promise<string[]> {
  const boat = await t.app.inject(
    asUser(owner, { method: 'POST', url: '/api/boats', payload: { name: 'Tern', boatType: 'sailboat', hullType: 'monohull', propulsion: 'sail', homeZip: null } }),
  );
  expect(boat.statusCode, boat.body).toBe(201);
  const boatId = boat.json().boat.id as string;
  const ids = [];
  for (const title of titles) {
    const created = await t.app.inject(
      asUser(owner, { method: 'POST', url: `/api/boats/${boatId}/tasks`, payload: { title, specialty: 'rigging', dueDate: addDays(today(), inDays) } }),
    );
    expect(created.statusCode, created.body).toBe(201);
    ids.push(created.json().task.id as string);
  }
  return ids;
}

/** Every e-mail the jobs enqueued so far has left or been held back. */
async function mailSettled() {
  await expect
    .poll(async () => {
      const { rows } = await t.database.executeSql(`select count(*)::int as n from pgboss.job where name = 'email-send' and state <> 'completed'`);
      return (rows[0] as { n: number }).n;
    })
    .toBe(0);
}

describe('maintenance reminders', () => {
  it("sends one e-mail per owner a day listing the tasks due, and nothing to an address nobody verified until it is", async () => {
    const owner = await signUp(t.app);
    await boatWithTasks(owner, ['Call +1-900-555-0199 now', 'Check the shrouds', 'Grease the winches'], 10);

    const email = `unverified-${Date.now()}@example.com`;
    await postSignUp(t.app, { email, password: 'long-enough-pw' });
    const signedIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: ORIGIN, remoteAddress: nextClientAddress(), payload: { email, password: 'long-enough-pw' } });
    const stranger = { email, password: '', id: signedIn.json().user.id, cookie: cookieHeader(signedIn.headers['set-cookie']) };
    const strangersTasks = await boatWithTasks(stranger, ['Call +1-900-555-0199 now', 'Call +1-900-555-0199 again'], 10);

    await run();
    const mail = await inbox.waitFor((m) => JSON.stringify(m.to ?? '').includes(owner.email) && m.subject?.includes('maintenance tasks') === true);
    expect(mail.subject).toBe('3 maintenance tasks are due soon, the first in 10 days');
    for (const title of ['Call +1-900-555-0199 now', 'Check the shrouds', 'Grease the winches']) expect(mail.text).toContain(`${title} on Tern is due in 10 days`);
    // A task added the same day waits for the next day's e-mail.
    await boatWithTasks(owner, ['Service the windlass'], 9);
    await run();
    await mailSettled();
    expect(remindersTo(owner.email)).toHaveLength(1);
    expect(remindersTo(stranger.email)).toEqual([]);
    // Not claimed: the stranger's reminders wait for the address to be verified.
    const rows = await t.database.db.select({ reminded: maintenanceTasks.reminded14For }).from(maintenanceTasks).where(inArray(maintenanceTasks.id, strangersTasks));
    expect(rows.map((row) => row.reminded)).toEqual([null, null]);

    clock.advance(24 * 60 * 60_000);
    await run();
    await inbox.waitFor((m) => m.subject === 'Tern: Service the windlass is due in 8 days');
    await mailSettled();
    expect(remindersTo(owner.email)).toHaveLength(2);
    const [windlass] = await t.database.db.select().from(maintenanceTasks).where(eq(maintenanceTasks.title, 'Service the windlass'));
    expect(windlass?.reminded14For).toBe(addDays(today(), 8));
  });
});
