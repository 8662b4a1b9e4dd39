import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { asUser, createTestApp, signUp, type TestApp, type TestUser } from '../../test/test-app.js';
import { insertExpert } from '../../test/expert-factory.js';
import { startSmtpInbox, type SmtpInbox } from '../../test/smtp-inbox.js';
import { daysAhead, postBooking, videoBooking } from '../../test/booking-helpers.js';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.js';

let t: TestApp;
let inbox: SmtpInbox;
let owner: TestUser;
let expertAccount: TestUser;
let instant: { id: number };
let answering: { id: number };

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({ SMTP_URL: inbox.url, MAIL_FROM: 'K&B Marine <bookings@kbmarine.test>' }, { jobPollingIntervalSeconds: 0.5 });
  owner = await signUp(t.app, { email: 'skipper@example.com', firstName: 'Sally', lastName: 'Skipper' });
  expertAccount = await signUp(t.app, { email: 'andy@example.com' });
  await t.database.db.update(users).set({ role: 'expert' }).where(eq(users.id, expertAccount.id));
  instant = await insertExpert(t.database.db, { name: 'Ivy Instant', instantBooking: true, timeZone: 'America/Chicago' });
  answering = await insertExpert(t.database.db, { name: 'Andy Answers', userId: expertAccount.id, instantBooking: false });
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});

const subjectOf = (subject: string, number: number) => (mail: { subject?: string }) => mail.subject === `${subject}: #${number} with Ivy Instant` || mail.subject?.startsWith(`${subject}: #${number} `) === true;

describe('booking e-mails', () => {
  it('confirms a booking with a calendar invite and the text in the expert’s zone', async () => {
    const date = daysAhead(12, 'America/Chicago');
    const booking = (await postBooking(t.app, owner, videoBooking(instant.id, date, '2:00 PM'))).json();
    const mail = await inbox.waitFor(subjectOf('Booking confirmed', booking.number));
    expect(mail.to).toMatchObject({ text: 'skipper@example.com' });
    expect(mail.text).toContain(`Booking #${booking.number}: 30-minute video consultation with Ivy Instant`);
    expect(mail.text).toMatch(/at 2:00 PM Central (Standard|Daylight) Time \(the expert's local time\)/);
    expect(mail.text).toContain(`http://localhost:3000/bookings/${booking.id}`);
    // The confirmation carries the call link (docs/PRODUCT.md#booking-e-mails-and-reminders).
    expect(mail.text).toContain(`Join the call: http://localhost:3000/consultation?booking=${booking.id}`);
    expect(mail.text).toContain('The call room opens 10 minutes before the start');
    expect(mail.rawText).toContain('text/calendar');
    // Calendar lines are folded at 75 octets (a line break and a space or tab).
    expect(mail.rawText.replace(/\r?\n[ \t]/g, '')).toContain(`LOCATION:Video call: http://localhost:3000/consultation?booking=${booking.id}`);
    expect(mail.rawText).toContain('METHOD:REQUEST');
    expect(mail.rawText).toContain(`UID:booking-${booking.id}@kbmarine`);
    expect(mail.rawText).toContain('SEQUENCE:0');
    // A call's invite is told in the expert's zone, defined by its VTIMEZONE.
    expect(mail.rawText).toContain('TZID:America/Chicago');
    expect(mail.rawText).toContain(`DTSTART;TZID=America/Chicago:${date.replace(/-/g, '')}T140000`);
  });

  it('updates the invite on a reschedule (same UID, higher SEQUENCE) and cancels it on a cancellation', async () => {
    const booking = (await postBooking(t.app, owner, videoBooking(instant.id, daysAhead(13, 'America/Chicago'), '9:00 AM'))).json();
    await t.app.inject(asUser(owner, { method: 'POST', url: `/api/bookings/${booking.id}/reschedule`, payload: { scheduledDate: daysAhead(14, 'America/Chicago'), preferredTime: '10:00 AM' } }));
    const moved = await inbox.waitFor(subjectOf('Booking rescheduled', booking.number));
    expect(moved.rawText).toContain('METHOD:REQUEST');
    expect(moved.rawText).toContain(`UID:booking-${booking.id}@kbmarine`);
    expect(moved.rawText).toContain('SEQUENCE:1');
    expect(moved.text).toContain('10:00 AM');
    expect(moved.text).toContain(`Join the call: http://localhost:3000/consultation?booking=${booking.id}`);

    await t.app.inject(asUser(owner, { method: 'POST', url: `/api/bookings/${booking.id}/cancel`, payload: { reason: 'Engine fixed' } }));
    const cancelled = await inbox.waitFor(subjectOf('Booking cancelled', booking.number));
    expect(cancelled.rawText).toContain('METHOD:CANCEL');
    expect(cancelled.rawText).toContain('STATUS:CANCELLED');
    expect(cancelled.rawText).toContain('SEQUENCE:2');
    expect(cancelled.text).toContain('Reason given: Engine fixed');
    expect(cancelled.text).not.toContain('Join the call');
  });

  it('tells the owner a request was sent, the expert that one arrived, and the owner when it is declined', async () => {
    const booking = (await postBooking(t.app, owner, videoBooking(answering.id, daysAhead(15), '11:00 AM'))).json();
    const requested = await inbox.waitFor(subjectOf('Booking request sent', booking.number));
    expect(requested.rawText).not.toContain('text/calendar');
    // No call link before the expert confirms the time.
    expect(requested.text).not.toContain('/consultation');
    const toExpert = await inbox.waitFor((m) => m.subject === `New booking request: #${booking.number} for Sally Skipper`);
    expect(toExpert.to).toMatchObject({ text: 'andy@example.com' });
    expect(toExpert.text).toContain('Please confirm or decline it within 24 hours.');
    expect(toExpert.text).toContain('Confirm or decline it in your workspace: http://localhost:3000/workspace');

    await t.app.inject(asUser(expertAccount, { method: 'POST', url: `/api/bookings/${booking.id}/decline`, payload: { reason: 'Fully booked' } }));
    const declined = await inbox.waitFor(subjectOf('Booking declined', booking.number));
    expect(declined.to).toMatchObject({ text: 'skipper@example.com' });
    expect(declined.text).toContain('Reason given: Fully booked');
  });

  it('sends nothing for a booking that was refused', async () => {
    const before = inbox.raw.length;
    const date = daysAhead(16, 'America/Chicago');
    await postBooking(t.app, owner, videoBooking(instant.id, date, '1:00 PM'));
    await inbox.waitFor((m) => m.subject?.startsWith('Booking confirmed') === true && (m.text ?? '').includes('1:00 PM'));
    const refused = await postBooking(t.app, owner, videoBooking(instant.id, date, '1:00 PM'));
    expect(refused.statusCode).toBe(409);
    // A job the refused request queued would be committed by now; once every job of ours that is due
    // has run (pg-boss's own cron queue aside), its e-mail would be in the inbox.
    await vi.waitFor(
      async () => {
        const { rows } = await t.database.executeSql(
          `select count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active') and start_after <= now() and not starts_with(name, '__pgboss__')`,
        );
        expect(rows).toEqual([{ n: 0 }]);
      },
      { timeout: 15_000, interval: 50 },
    );
    expect(inbox.raw.length).toBe(before + 1);
  });

  it('gives the expert the call link when a video request is confirmed', async () => {
    const booking = (await postBooking(t.app, owner, videoBooking(answering.id, daysAhead(17), '11:00 AM'))).json();
    const confirmed = await t.app.inject(asUser(expertAccount, { method: 'POST', url: `/api/bookings/${booking.id}/confirm`, payload: {} }));
    expect(confirmed.statusCode).toBe(200);
    const toOwner = await inbox.waitFor(subjectOf('Booking confirmed', booking.number));
    expect(toOwner.text).toContain(`Join the call: http://localhost:3000/consultation?booking=${booking.id}`);
    const toExpert = await inbox.waitFor((m) => m.subject === `Booking confirmed: #${booking.number} for Sally Skipper`);
    expect(toExpert.text).toContain(`Join the call: http://localhost:3000/consultation?booking=${booking.id}`);
    expect(toExpert.text).toContain('The call room opens 10 minutes before the start');
  });
});
