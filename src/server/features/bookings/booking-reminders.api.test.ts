import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestApp, signUp, type TestApp, type TestUser } from '../../test/test-app.js';
import { daysAhead, movableClock, onsiteBooking, postBooking, videoBooking } from '../../test/booking-helpers.js';
import { signUpExpert, type ExpertAccount } from '../../test/workspace-helpers.js';
import { startSmtpInbox, type SmtpInbox } from '../../test/smtp-inbox.js';
import type { Booking } from '../../../common/bookings.js';
import { zonedTimeToInstant } from '../../../common/zoned-time.js';
import type { MailMessage } from '../../mail/mailer.js';
import { REMINDER_QUEUE, type ReminderJob } from './booking-reminders.js';

// pg-boss runs jobs by the database's clock, which a test cannot move: these tests read the jobs'
// scheduled times from pg-boss's table and run the handler themselves, with the booking clock moved.
const HOUR = 60 * 60 * 1000;
const clock = movableClock();
let t: TestApp;
let inbox: SmtpInbox;
let owner: TestUser;
let instant: ExpertAccount;
let answering: ExpertAccount;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({ SMTP_URL: inbox.url }, { now: clock.now });
  owner = await signUp(t.app, { email: 'rita@example.com', firstName: 'Rita', lastName: 'Rudder' });
  instant = await signUpExpert(t, { name: 'Ivan Instant', instantBooking: true, timeZone: 'America/Chicago' });
  answering = await signUpExpert(t, { name: 'Alma Answers', instantBooking: false });
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});
afterEach(() => clock.set(new Date()));

async function book(payload: unknown): Promise<Booking> {
  const response = await postBooking(t.app, owner, payload);
  if (response.statusCode !== 201) throw new Error(`booking failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

function post(user: TestUser, url: string, payload: object = {}) {
  return t.app.inject(asUser(user, { method: 'POST', url, payload }));
}

interface QueuedReminder {
  kind: string;
  startsAt: string;
  startAfter: string;
  state: string;
  data: ReminderJob;
}

/** The booking's reminder jobs as pg-boss stores them, earliest first. */
async function reminderJobs(bookingId: string): Promise<QueuedReminder[]> {
  const { rows } = await t.database.executeSql(
    `select data, start_after, state from pgboss.job where name = $1 and data->>'bookingId' = $2 order by start_after, created_on`,
    [REMINDER_QUEUE, bookingId],
  );
  return (rows as { data: ReminderJob; start_after: Date | string; state: string }[]).map((row) => ({
    kind: row.data.kind,
    startsAt: row.data.startsAt,
    startAfter: new Date(row.start_after).toISOString(),
    state: row.state,
    data: row.data,
  }));
}

/** The reminder e-mails handed to the e-mail job for a booking number. */
async function reminderEmails(number: number): Promise<MailMessage[]> {
  const { rows } = await t.database.executeSql(`select data from pgboss.job where name = 'email-send' and data->>'subject' like $1 order by created_on`, [
    `Reminder:% (#${number})`,
  ]);
  return (rows as { data: MailMessage }[]).map((row) => row.data);
}

const at = (iso: string, offsetMs: number) => new Date(Date.parse(iso) + offsetMs).toISOString();

/** Runs a reminder job as its worker would, with the booking clock just past the job's moment. */
async function runReminder(job: ReminderJob, minutesLate = 1) {
  const lead = job.kind === '24h' ? 24 * HOUR : HOUR;
  clock.set(new Date(Date.parse(job.startsAt) - lead + minutesLate * 60_000));
  await t.app.jobs.runNow(REMINDER_QUEUE, job);
}

describe('scheduling reminders', () => {
  it('queues the 24-hour and 1-hour reminders when an instant booking is made', async () => {
    const booking = await book(videoBooking(instant.expertId, daysAhead(5, 'America/Chicago'), '2:00 PM'));
    expect(booking.status).toBe('confirmed');
    const jobs = await reminderJobs(booking.id);
    expect(jobs.map(({ kind, startAfter, state }) => ({ kind, startAfter, state }))).toEqual([
      { kind: '24h', startAfter: at(booking.startsAt, -24 * HOUR), state: 'created' },
      { kind: '1h', startAfter: at(booking.startsAt, -HOUR), state: 'created' },
    ]);
    expect(jobs.every((job) => job.startsAt === booking.startsAt)).toBe(true);
  });

  it('queues nothing for a request, and the reminders when the expert confirms it', async () => {
    const booking = await book(videoBooking(answering.expertId, daysAhead(6), '10:00 AM'));
    expect(booking.status).toBe('requested');
    expect(await reminderJobs(booking.id)).toEqual([]);

    expect((await post(answering, `/api/bookings/${booking.id}/confirm`)).statusCode).toBe(200);
    const jobs = await reminderJobs(booking.id);
    expect(jobs.map(({ kind, startAfter, state }) => ({ kind, startAfter, state }))).toEqual([
      { kind: '24h', startAfter: at(booking.startsAt, -24 * HOUR), state: 'created' },
      { kind: '1h', startAfter: at(booking.startsAt, -HOUR), state: 'created' },
    ]);
  });

  it('skips a reminder whose moment has passed when the booking is confirmed', async () => {
    const date = daysAhead(7, 'America/Chicago');
    // Five hours before a 3:00 PM slot: the 24-hour moment is gone, the 1-hour one is still to come.
    clock.set(new Date(zonedTimeToInstant(date, 15 * 60, 'America/Chicago').getTime() - 5 * HOUR));
    const booking = await book(videoBooking(instant.expertId, date, '3:00 PM'));
    expect((await reminderJobs(booking.id)).map((job) => job.kind)).toEqual(['1h']);
  });

  it('moves the reminders when the booking is rescheduled: the old jobs are cancelled and send nothing', async () => {
    const booking = await book(videoBooking(instant.expertId, daysAhead(8, 'America/Chicago'), '9:00 AM'));
    const old = await reminderJobs(booking.id);
    const moved = await post(owner, `/api/bookings/${booking.id}/reschedule`, { scheduledDate: daysAhead(9, 'America/Chicago'), preferredTime: '11:00 AM' });
    expect(moved.statusCode).toBe(200);
    const newStart = (moved.json() as Booking).startsAt;

    const jobs = await reminderJobs(booking.id);
    expect(jobs.filter((job) => job.startsAt === booking.startsAt).map((job) => job.state)).toEqual(['cancelled', 'cancelled']);
    const live = jobs.filter((job) => job.startsAt === newStart);
    expect(live.map(({ kind, startAfter, state }) => ({ kind, startAfter, state }))).toEqual([
      { kind: '24h', startAfter: at(newStart, -24 * HOUR), state: 'created' },
      { kind: '1h', startAfter: at(newStart, -HOUR), state: 'created' },
    ]);

    // A job that was already running when the booking moved re-checks the booking and sends nothing.
    for (const job of old) await runReminder(job.data);
    expect(await reminderEmails(booking.number)).toEqual([]);
    await runReminder(live[0]!.data);
    expect((await reminderEmails(booking.number)).map((mail) => mail.text)).toEqual([
      expect.stringContaining('at 11:00 AM Central'),
      expect.stringContaining('at 11:00 AM Central'),
    ]);
  });

  it('withdraws the reminders when a confirmed booking goes back to the expert after a reschedule, and queues them on confirmation', async () => {
    const booking = await book(videoBooking(answering.expertId, daysAhead(10), '1:00 PM'));
    await post(answering, `/api/bookings/${booking.id}/confirm`);
    const moved = await post(owner, `/api/bookings/${booking.id}/reschedule`, { scheduledDate: daysAhead(11), preferredTime: '2:00 PM' });
    expect((moved.json() as Booking).status).toBe('requested');
    expect((await reminderJobs(booking.id)).map((job) => job.state)).toEqual(['cancelled', 'cancelled']);

    await post(answering, `/api/bookings/${booking.id}/confirm`);
    const newStart = (moved.json() as Booking).startsAt;
    expect((await reminderJobs(booking.id)).filter((job) => job.state === 'created').map((job) => [job.kind, job.startAfter])).toEqual([
      ['24h', at(newStart, -24 * HOUR)],
      ['1h', at(newStart, -HOUR)],
    ]);
  });

  it('cancels the reminders when the booking is cancelled, and a job run anyway sends nothing', async () => {
    const booking = await book(videoBooking(instant.expertId, daysAhead(12, 'America/Chicago'), '10:00 AM'));
    const jobs = await reminderJobs(booking.id);
    expect((await post(owner, `/api/bookings/${booking.id}/cancel`, { reason: 'Sold the boat' })).statusCode).toBe(200);
    expect((await reminderJobs(booking.id)).map((job) => job.state)).toEqual(['cancelled', 'cancelled']);
    for (const job of jobs) await runReminder(job.data);
    expect(await reminderEmails(booking.number)).toEqual([]);
  });

  it('sends nothing for a declined request', async () => {
    const booking = await book(videoBooking(answering.expertId, daysAhead(13), '10:00 AM'));
    await post(answering, `/api/bookings/${booking.id}/decline`, { reason: 'Away' });
    expect(await reminderJobs(booking.id)).toEqual([]);
    await runReminder({ bookingId: booking.id, kind: '1h', startsAt: booking.startsAt });
    expect(await reminderEmails(booking.number)).toEqual([]);
  });
});

describe('sending reminders', () => {
  it('sends a video reminder to owner and expert with the join link, the time in words and the booking page', async () => {
    const booking = await book(videoBooking(instant.expertId, daysAhead(14, 'America/Chicago'), '4:00 PM'));
    const [dayBefore] = await reminderJobs(booking.id);
    await runReminder(dayBefore!.data);
    const mails = await reminderEmails(booking.number);
    expect(mails.map((mail) => mail.to).sort()).toEqual([instant.email, 'rita@example.com'].sort());

    const toOwner = mails.find((mail) => mail.to === 'rita@example.com')!;
    expect(toOwner.subject).toBe(`Reminder: your video consultation with Ivan Instant starts in 24 hours (#${booking.number})`);
    expect(toOwner.text).toContain('Hello Rita Rudder,');
    expect(toOwner.text).toContain(`Booking #${booking.number}: video consultation with Ivan Instant`);
    expect(toOwner.text).toMatch(/When: \w+day, \w+ \d+, \d{4} at 4:00 PM Central (Standard|Daylight) Time \(the expert's local time\)/);
    expect(toOwner.text).toContain(`Join the call: http://localhost:3000/consultation?booking=${booking.id}`);
    expect(toOwner.text).toContain('The call room opens 10 minutes before the start');
    expect(toOwner.text).toContain(`http://localhost:3000/bookings/${booking.id}`);
    expect(toOwner.text).not.toContain('Where:');

    const toExpert = mails.find((mail) => mail.to === instant.email)!;
    expect(toExpert.subject).toBe(`Reminder: video consultation for Rita Rudder starts in 24 hours (#${booking.number})`);
    expect(toExpert.text).toContain('Hello Ivan Instant,');
    expect(toExpert.text).toContain(`Join the call: http://localhost:3000/consultation?booking=${booking.id}`);
    expect(toExpert.text).toContain(`See the booking: http://localhost:3000/bookings/${booking.id}`);

    // And it really leaves through SMTP.
    const delivered = await inbox.waitFor((mail) => mail.subject === toOwner.subject);
    expect(delivered.text).toContain(`consultation?booking=${booking.id}`);
  });

  it('sends an onsite reminder with the boat’s address, marina and slip', async () => {
    const booking = await book(onsiteBooking(instant.expertId, daysAhead(15, 'America/Chicago'), '9:00 AM', 2));
    const jobs = await reminderJobs(booking.id);
    await runReminder(jobs.find((job) => job.kind === '1h')!.data);
    const mails = await reminderEmails(booking.number);
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.subject).toContain('onsite service visit');
      expect(mail.subject).toContain('starts in 1 hour');
      expect(mail.text).toContain('Where: 1 Marina Way, Annapolis, MD, Harbor Marina, dock/slip B-12');
      expect(mail.text).toMatch(/at 9:00 AM Central (Standard|Daylight) Time/);
      expect(mail.text).not.toContain('/consultation');
    }
    expect(mails.find((mail) => mail.to === instant.email)!.text).toContain("Owner's phone: (410) 555-0100");
  });

  it('sends each reminder once when its job runs again', async () => {
    const booking = await book(videoBooking(instant.expertId, daysAhead(16, 'America/Chicago'), '10:00 AM'));
    const [dayBefore, hourBefore] = await reminderJobs(booking.id);
    await runReminder(dayBefore!.data);
    await runReminder(dayBefore!.data, 5);
    expect(await reminderEmails(booking.number)).toHaveLength(2);
    await runReminder(hourBefore!.data);
    await runReminder(hourBefore!.data);
    const mails = await reminderEmails(booking.number);
    expect(mails.filter((mail) => mail.subject.includes('in 24 hours'))).toHaveLength(2);
    expect(mails.filter((mail) => mail.subject.includes('in 1 hour'))).toHaveLength(2);
  });

  it('sends each reminder once when two runs of its job overlap', async () => {
    const booking = await book(videoBooking(instant.expertId, daysAhead(17, 'America/Chicago'), '10:00 AM'));
    const [dayBefore] = await reminderJobs(booking.id);
    clock.set(new Date(Date.parse(booking.startsAt) - 23 * HOUR));
    await Promise.all([t.app.jobs.runNow(REMINDER_QUEUE, dayBefore!.data), t.app.jobs.runNow(REMINDER_QUEUE, dayBefore!.data)]);
    expect(await reminderEmails(booking.number)).toHaveLength(2);
  });

  it('drops a 24-hour reminder that runs after the 1-hour one is due (a long outage)', async () => {
    const booking = await book(videoBooking(instant.expertId, daysAhead(18, 'America/Chicago'), '10:00 AM'));
    const [dayBefore, hourBefore] = await reminderJobs(booking.id);
    clock.set(new Date(Date.parse(booking.startsAt) - 50 * 60_000));
    await t.app.jobs.runNow(REMINDER_QUEUE, dayBefore!.data);
    expect(await reminderEmails(booking.number)).toEqual([]);
    await t.app.jobs.runNow(REMINDER_QUEUE, hourBefore!.data);
    expect((await reminderEmails(booking.number)).map((mail) => mail.subject)).toEqual([
      expect.stringContaining('starts in 1 hour'),
      expect.stringContaining('starts in 1 hour'),
    ]);
  });
});
