import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestApp, signUp, type TestApp, type TestUser } from '../../test/test-app.js';
import { daysAhead, onsiteBooking, postBooking, videoBooking } from '../../test/booking-helpers.js';
import { signUpExpert, type ExpertAccount } from '../../test/workspace-helpers.js';
import { startSmtpInbox, type SmtpInbox } from '../../test/smtp-inbox.js';
import type { Booking } from '../../../common/bookings.js';
import { zonedTimeToInstant } from '../../../common/zoned-time.js';
import type { MailMessage } from '../../mail/mailer.js';
import { REMINDER_QUEUE, type ReminderJob } from './booking-reminders.js';

// docs/PRODUCT.md#booking-e-mails-and-reminders: a visit is told in its place's zone, a call in the expert's,
// and each reader's own Settings zone is added beside when it shows another time.
let t: TestApp;
let inbox: SmtpInbox;
let owner: TestUser;
let westCoastOwner: TestUser;
let destin: ExpertAccount;

const ANNAPOLIS = '80 Compromise St, Annapolis, MD 21401';

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({ SMTP_URL: inbox.url });
  owner = await signUp(t.app, { email: 'anne@example.com', firstName: 'Anne', lastName: 'Arundel' });
  westCoastOwner = await signUp(t.app, { email: 'wes@example.com', firstName: 'Wes', lastName: 'Coast' });
  // An expert on Florida's panhandle (Central time) who travels far enough to reach Annapolis.
  destin = await signUpExpert(t, {
    name: 'Dale Destin',
    city: 'Destin',
    state: 'FL',
    zipCode: '32541',
    timeZone: 'America/Chicago',
    serviceRadius: 1000,
    instantBooking: true,
  });
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});

function setTimeZone(user: TestUser | null, timeZone: unknown) {
  return t.app.inject(asUser(user, { method: 'PUT', url: '/api/profile/time-zone', payload: { timeZone } }));
}

async function book(user: TestUser, payload: unknown): Promise<Booking> {
  const response = await postBooking(t.app, user, payload);
  if (response.statusCode !== 201) throw new Error(`booking failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** The e-mails handed to the e-mail job whose subject has the booking's number. */
async function emailsOf(number: number): Promise<MailMessage[]> {
  const { rows } = await t.database.executeSql(`select data from pgboss.job where name = 'email-send' and data->>'subject' like $1 order by created_on`, [`%#${number}%`]);
  return (rows as { data: MailMessage }[]).map((row) => row.data);
}

const to = (mails: MailMessage[], address: string, subject: string) => mails.find((mail) => mail.to === address && mail.subject.startsWith(subject))!;

/** The invite's content lines, unfolded (RFC 5545 3.1). */
const icsLines = (mail: MailMessage) => mail.icalEvent!.content.replace(/\r\n[ \t]/g, '').split('\r\n');

async function runDayBeforeReminder(booking: Booking) {
  const job: ReminderJob = { bookingId: booking.id, kind: '24h', startsAt: booking.startsAt };
  await t.app.jobs.runNow(REMINDER_QUEUE, job);
}

const ZONE = '(Standard|Daylight)';

describe('an onsite visit in another zone than the expert’s', () => {
  it('is booked in the expert’s slots and told in the place’s zone: the answer, the e-mails, the invite and the reminders', async () => {
    const date = daysAhead(12, 'America/Chicago');
    // The expert's 9:00 AM slot in Destin is 10:00 AM in Annapolis.
    const booking = await book(owner, { ...onsiteBooking(destin.expertId, date, '9:00 AM'), boatAddress: ANNAPOLIS });
    expect(booking).toMatchObject({ timeZone: 'America/Chicago', placeTimeZone: 'America/New_York', preferredTime: '9:00 AM' });
    expect(booking.startsAt).toBe(zonedTimeToInstant(date, 9 * 60, 'America/Chicago').toISOString());

    const mails = await emailsOf(booking.number);
    const confirmed = to(mails, 'anne@example.com', 'Booking confirmed');
    expect(confirmed.text).toMatch(new RegExp(`When: \\w+day, \\w+ \\d+, \\d{4} at 10:00 AM Eastern ${ZONE} Time \\(local time at the boat\\)\\n`));
    expect(confirmed.text).not.toContain('Central');

    // The expert reads it on their own clock too: the zone they work in.
    const toExpert = to(mails, destin.email, 'Booking confirmed');
    expect(toExpert.text).toMatch(new RegExp(`at 10:00 AM Eastern ${ZONE} Time \\(local time at the boat; 9:00 AM Central ${ZONE} Time your time\\)`));

    // The invite: the start in the place's zone, which its VTIMEZONE defines, at the booked instant.
    const lines = icsLines(confirmed);
    expect(lines).toContain('BEGIN:VTIMEZONE');
    expect(lines).toContain('TZID:America/New_York');
    expect(lines).toContain(`DTSTART;TZID=America/New_York:${date.replace(/-/g, '')}T100000`);
    const standard = lines.indexOf('BEGIN:STANDARD') < lines.indexOf('BEGIN:DAYLIGHT') ? 'STANDARD' : 'DAYLIGHT';
    const offset = lines[lines.indexOf(`BEGIN:${standard}`) + 3]!;
    const [, sign, hours] = /^TZOFFSETTO:([+-])(\d{2})00$/.exec(offset)!;
    const instant = Date.parse(`${date}T10:00:00Z`) - (sign === '-' ? -1 : 1) * Number(hours) * 3_600_000;
    expect(new Date(instant).toISOString()).toBe(booking.startsAt);
    expect(lines).toContain(`LOCATION:${ANNAPOLIS.replace(/,/g, '\\,')}`);

    await runDayBeforeReminder(booking);
    const reminders = (await emailsOf(booking.number)).filter((mail) => mail.subject.startsWith('Reminder:'));
    expect(to(reminders, 'anne@example.com', 'Reminder:').text).toMatch(new RegExp(`When: .* at 10:00 AM Eastern ${ZONE} Time \\(local time at the boat\\)\\n`));
    expect(to(reminders, destin.email, 'Reminder:').text).toMatch(new RegExp(`at 10:00 AM Eastern ${ZONE} Time \\(local time at the boat; 9:00 AM Central`));
  });

  it('keeps the place’s zone when rescheduled', async () => {
    const booking = await book(owner, { ...onsiteBooking(destin.expertId, daysAhead(13, 'America/Chicago'), '8:00 AM'), boatAddress: ANNAPOLIS });
    const moved = await t.app.inject(
      asUser(owner, { method: 'POST', url: `/api/bookings/${booking.id}/reschedule`, payload: { scheduledDate: daysAhead(14, 'America/Chicago'), preferredTime: '1:00 PM' } }),
    );
    expect(moved.json()).toMatchObject({ placeTimeZone: 'America/New_York', preferredTime: '1:00 PM' });
    const mail = to(await emailsOf(booking.number), 'anne@example.com', 'Booking rescheduled');
    expect(mail.text).toMatch(new RegExp(`at 2:00 PM Eastern ${ZONE} Time \\(local time at the boat\\)`));
  });

  it('adds the owner’s own time when they chose a zone in Settings', async () => {
    expect((await setTimeZone(westCoastOwner, 'America/Los_Angeles')).json()).toMatchObject({ timeZone: 'America/Los_Angeles' });
    const booking = await book(westCoastOwner, { ...onsiteBooking(destin.expertId, daysAhead(15, 'America/Chicago'), '10:00 AM'), boatAddress: ANNAPOLIS });
    const mail = to(await emailsOf(booking.number), 'wes@example.com', 'Booking confirmed');
    expect(mail.text).toMatch(new RegExp(`at 11:00 AM Eastern ${ZONE} Time \\(local time at the boat; 8:00 AM Pacific ${ZONE} Time your time\\)`));
  });

  it('falls back to the expert’s zone when the place has no ZIP code', async () => {
    const booking = await book(owner, { ...onsiteBooking(destin.expertId, daysAhead(16, 'America/Chicago'), '9:00 AM'), boatAddress: 'Slip 4, the town dock' });
    expect(booking.placeTimeZone).toBeNull();
    const mail = to(await emailsOf(booking.number), 'anne@example.com', 'Booking confirmed');
    expect(mail.text).toMatch(new RegExp(`at 9:00 AM Central ${ZONE} Time \\(the expert's local time\\)`));
    expect(icsLines(mail)).toContain('TZID:America/Chicago');
  });
});

describe('a video call', () => {
  it('keeps the expert’s zone, with the owner’s Settings zone beside it', async () => {
    const booking = await book(westCoastOwner, videoBooking(destin.expertId, daysAhead(17, 'America/Chicago'), '10:00 AM'));
    expect(booking.placeTimeZone).toBeNull();
    const mail = to(await emailsOf(booking.number), 'wes@example.com', 'Booking confirmed');
    expect(mail.text).toMatch(new RegExp(`at 10:00 AM Central ${ZONE} Time \\(the expert's local time; 8:00 AM Pacific ${ZONE} Time your time\\)`));
    expect(icsLines(mail)).toContain(`DTSTART;TZID=America/Chicago:${daysAhead(17, 'America/Chicago').replace(/-/g, '')}T100000`);
    // The expert's own zone needs no second time.
    expect(to(await emailsOf(booking.number), destin.email, 'Booking confirmed').text).toMatch(new RegExp(`at 10:00 AM Central ${ZONE} Time\\n`));
  });
});

describe('PUT /api/profile/time-zone', () => {
  it('saves a zone, answers the user with it, and clears it with null', async () => {
    const user = await signUp(t.app);
    const saved = await setTimeZone(user, 'america/new_york');
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ id: user.id, timeZone: 'America/New_York' });
    const me = await t.app.inject(asUser(user, { method: 'GET', url: '/api/auth/user' }));
    expect(me.json()).toMatchObject({ timeZone: 'America/New_York' });
    expect((await setTimeZone(user, null)).json()).toMatchObject({ timeZone: null });
  });

  it('refuses a zone it does not know with 400 and a clear message', async () => {
    const refused = await setTimeZone(owner, 'Mars/Olympus_Mons');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message: 'Please choose a time zone from the list (an IANA name such as America/New_York)',
      errors: { timeZone: 'Please choose a time zone from the list (an IANA name such as America/New_York)' },
    });
    expect((await setTimeZone(owner, '')).statusCode).toBe(400);
    expect((await setTimeZone(owner, 42)).statusCode).toBe(400);
  });

  it('needs a signed-in user', async () => {
    expect((await setTimeZone(null, 'America/New_York')).statusCode).toBe(401);
  });
});
