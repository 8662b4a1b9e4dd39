import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../test/test-app.js';
import { movableClock, postBooking, videoBooking } from '../../test/booking-helpers.js';
import { nextWeekday, requester, signUpExpert, type ExpertAccount } from '../../test/workspace-helpers.js';
import { calendarText, startCalendarServer, type CalendarServer } from '../../test/calendar-server.js';
import { auditLog, externalBusyTimes } from '../../db/schema.js';
import { addDays, zonedTimeToInstant } from '../../../common/zoned-time.js';
import { EXTERNAL_CALENDAR_MESSAGES, type ExternalCalendar, type WorkspaceCalendars } from '../../../common/external-calendars.js';
import type { Slot } from '../../../common/bookings.js';
import { CALENDAR_READ_QUEUE, CALENDAR_ROUND_QUEUE } from './index.js';

const ZONE = 'America/New_York';
const clock = movableClock();
let t: TestApp;
let http: ReturnType<typeof requester>;
let server: CalendarServer;
let owner: TestUser;

beforeAll(async () => {
  server = await startCalendarServer();
  t = await createTestApp({ ALLOW_PRIVATE_CALENDAR_URLS: 'true', CALENDAR_FETCH_TIMEOUT_MS: '1000' }, { now: clock.now });
  http = requester(t);
  owner = await signUp(t.app);
});
afterAll(async () => {
  await t?.close();
  await server?.close();
});

/** A local wall-clock time in New York as an iCalendar UTC date-time: 20261209T150000Z. */
function utcStamp(localDate: string, minutes: number): string {
  return zonedTimeToInstant(localDate, minutes, ZONE).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

async function addCalendar(expert: TestUser, url: string, label = 'Personal'): Promise<ExternalCalendar> {
  const response = await http.post(expert, '/api/workspace/calendars', { url, label });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function read(calendarId: string) {
  await t.app.jobs.runNow(CALENDAR_READ_QUEUE, { calendarId });
}

async function listing(expert: TestUser): Promise<WorkspaceCalendars> {
  const response = await http.get(expert, '/api/workspace/calendars');
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function freeTimes(expert: ExpertAccount, date: string): Promise<string[]> {
  const response = await http.get(owner, `/api/experts/${expert.expertId}/slots?type=video&date=${date}`);
  expect(response.statusCode).toBe(200);
  return (response.json() as Slot[]).map((slot) => slot.time);
}

describe('the calendars routes', () => {
  it('answer 401 signed out and 403 to an account that is not an expert', async () => {
    const calendar = '/api/workspace/calendars/00000000-0000-4000-8000-000000000000';
    expect((await http.get(null, '/api/workspace/calendars')).statusCode).toBe(401);
    expect((await http.post(null, '/api/workspace/calendars', { url: 'https://x.example/a.ics', label: 'A' })).statusCode).toBe(401);
    expect((await http.get(owner, '/api/workspace/calendars')).statusCode).toBe(403);
    expect((await http.post(owner, '/api/workspace/calendars', { url: 'https://x.example/a.ics', label: 'A' })).statusCode).toBe(403);
    expect((await http.delete(owner, calendar)).statusCode).toBe(403);
  });

  it('refuse an address that is not one, and a missing label, with their messages', async () => {
    const expert = await signUpExpert(t);
    const bad = await http.post(expert, '/api/workspace/calendars', { url: 'ftp://calendar.example/a.ics', label: 'Work' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.url).toBe(EXTERNAL_CALENDAR_MESSAGES.urlInvalid);
    const unnamed = await http.post(expert, '/api/workspace/calendars', { url: 'https://calendar.example/a.ics', label: ' ' });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().errors.label).toBe(EXTERNAL_CALENDAR_MESSAGES.labelRequired);
  });

  it('take up to 3 calendars, refuse the same one twice, audit additions without the secret address, and remove only their own', async () => {
    const expert = await signUpExpert(t);
    const other = await signUpExpert(t);
    const added = [];
    for (const n of [1, 2, 3]) added.push(await addCalendar(expert, server.publish(`/limit-${n}.ics`, { kind: 'calendar', text: calendarText([]) }), `Cal ${n}`));
    expect(added[0]!.host).toBe(new URL(server.url).host);
    const twice = await http.post(expert, '/api/workspace/calendars', { url: `${server.url}/limit-1.ics`, label: 'Again' });
    expect(twice.statusCode).toBe(409);
    const fourth = await http.post(expert, '/api/workspace/calendars', { url: `${server.url}/limit-4.ics`, label: 'Four' });
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().message).toBe(EXTERNAL_CALENDAR_MESSAGES.tooMany);
    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityType, 'external_calendar'), eq(auditLog.entityId, added[0]!.id)));
    expect(entry).toMatchObject({ action: 'external-calendar.add', after: { label: 'Cal 1', host: new URL(server.url).host } });
    expect(JSON.stringify(entry)).not.toContain('limit-1.ics');

    const notTheirs = await http.delete(other, `/api/workspace/calendars/${added[0]!.id}`);
    expect(notTheirs.statusCode).toBe(404);
    const removed = await http.delete(expert, `/api/workspace/calendars/${added[0]!.id}`);
    expect(removed.statusCode).toBe(204);
    expect((await listing(expert)).calendars.map((c) => c.label)).toEqual(['Cal 2', 'Cal 3']);
  });
});

describe('busy times from an outside calendar', () => {
  it('block the slots they overlap and refuse a booking there, as a booking does; nothing else moves', async () => {
    const expert = await signUpExpert(t, { timeZone: ZONE });
    const day = nextWeekday(3, 2);
    const before = await freeTimes(expert, day);
    expect(before).toEqual(expect.arrayContaining(['9:00 AM', '10:00 AM', '11:00 AM']));
    const url = server.publish('/dentist.ics', {
      kind: 'calendar',
      gzip: true,
      text: calendarText([['UID:dentist-1', `DTSTART:${utcStamp(day, 10 * 60)}`, `DTEND:${utcStamp(day, 11 * 60)}`, 'SUMMARY:Dentist']]),
    });
    const calendar = await addCalendar(expert, url);
    await read(calendar.id);
    const after = await freeTimes(expert, day);
    expect(before.filter((time) => !after.includes(time))).toEqual(['10:00 AM']);
    expect(after).toEqual(before.filter((time) => time !== '10:00 AM'));
    const refused = await postBooking(t.app, owner, videoBooking(expert.expertId, day, '10:00 AM'));
    expect(refused.statusCode).toBe(409);
    // Moving a booking there is refused too.
    const booked = await postBooking(t.app, owner, videoBooking(expert.expertId, day, '9:00 AM'));
    expect(booked.statusCode).toBe(201);
    const moved = await http.post(owner, `/api/bookings/${booked.json().id}/reschedule`, { scheduledDate: day, preferredTime: '10:00 AM' });
    expect(moved.statusCode).toBe(409);
    expect((await http.post(owner, `/api/bookings/${booked.json().id}/reschedule`, { scheduledDate: day, preferredTime: '11:00 AM' })).statusCode).toBe(200);

    const shown = await listing(expert);
    expect(shown.calendars[0]).toMatchObject({ label: 'Personal', lastError: null, busyCount: 1 });
    expect(shown.calendars[0]!.lastSuccessAt).not.toBeNull();
    expect(JSON.stringify(shown)).not.toContain('Dentist');
  });

  it('expand a weekly rule in its own zone, without its excluded and cancelled dates, and skip free events', async () => {
    const expert = await signUpExpert(t, { timeZone: ZONE });
    const first = nextWeekday(2, 2);
    const weeks = [0, 1, 2, 3].map((n) => addDays(first, 7 * n));
    // 15:00 in Berlin is 9:00 AM in New York, except in the weeks their daylight-saving dates differ.
    const berlin = (date: string) => `${date.replaceAll('-', '')}T150000`;
    const url = server.publish('/weekly.ics', {
      kind: 'calendar',
      text: calendarText([
        ['UID:weekly', `DTSTART;TZID=Europe/Berlin:${berlin(weeks[0]!)}`, 'DURATION:PT1H', 'RRULE:FREQ=WEEKLY;COUNT=4', `EXDATE;TZID=Europe/Berlin:${berlin(weeks[1]!)}`],
        ['UID:weekly', `RECURRENCE-ID;TZID=Europe/Berlin:${berlin(weeks[2]!)}`, `DTSTART;TZID=Europe/Berlin:${berlin(weeks[2]!)}`, 'DURATION:PT1H', 'STATUS:CANCELLED'],
        ['UID:free', `DTSTART:${utcStamp(weeks[3]!, 14 * 60)}`, `DTEND:${utcStamp(weeks[3]!, 15 * 60)}`, 'TRANSP:TRANSPARENT'],
      ]),
    });
    const calendar = await addCalendar(expert, url);
    await read(calendar.id);
    const rows = await t.database.db.select().from(externalBusyTimes).where(eq(externalBusyTimes.calendarId, calendar.id));
    const berlinStart = (date: string) => zonedTimeToInstant(date, 15 * 60, 'Europe/Berlin').toISOString();
    expect(rows.map((row) => row.startsAt.toISOString()).sort()).toEqual([berlinStart(weeks[0]!), berlinStart(weeks[3]!)].sort());
    expect(rows.every((row) => row.endsAt.getTime() - row.startsAt.getTime() === 3_600_000)).toBe(true);
  });

  it('make an all-day event busy for that whole day in the expert’s zone', async () => {
    const expert = await signUpExpert(t, { timeZone: 'America/Los_Angeles' });
    const day = nextWeekday(4, 2, 'America/Los_Angeles');
    const url = server.publish('/vacation.ics', {
      kind: 'calendar',
      text: calendarText([['UID:away', `DTSTART;VALUE=DATE:${day.replaceAll('-', '')}`, `DTEND;VALUE=DATE:${addDays(day, 1).replaceAll('-', '')}`]]),
    });
    const calendar = await addCalendar(expert, url);
    await read(calendar.id);
    expect(await freeTimes(expert, day)).toEqual([]);
    expect((await freeTimes(expert, addDays(day, 1))).length).toBeGreaterThan(0);
    const [row] = await t.database.db.select().from(externalBusyTimes).where(eq(externalBusyTimes.calendarId, calendar.id));
    expect(row!.startsAt.toISOString()).toBe(zonedTimeToInstant(day, 0, 'America/Los_Angeles').toISOString());
  });

  it('are kept for a day after the calendar stops answering, with its error shown, then dropped', async () => {
    const expert = await signUpExpert(t, { timeZone: ZONE });
    const day = nextWeekday(5, 3);
    const path = '/flaky.ics';
    const url = server.publish(path, { kind: 'calendar', text: calendarText([['UID:f', `DTSTART:${utcStamp(day, 13 * 60)}`, `DTEND:${utcStamp(day, 14 * 60)}`]]) });
    const calendar = await addCalendar(expert, url);
    await read(calendar.id);
    expect(await freeTimes(expert, day)).not.toContain('1:00 PM');
    server.publish(path, { kind: 'status', status: 500 });
    await read(calendar.id);
    const failing = (await listing(expert)).calendars[0]!;
    expect(failing).toMatchObject({ lastError: 'its server answered 500', busyCount: 1 });
    expect(failing.lastSuccessAt).not.toBeNull();
    expect(await freeTimes(expert, day)).not.toContain('1:00 PM');
    clock.advance(25 * 3_600_000);
    try {
      await read(calendar.id);
      expect((await listing(expert)).calendars[0]).toMatchObject({ lastError: 'its server answered 500', busyCount: 0 });
      expect(await freeTimes(expert, day)).toContain('1:00 PM');
    } finally {
      clock.advance(-25 * 3_600_000);
    }
  });

  it('are read every round for each calendar not read in the last 15 minutes', async () => {
    const expert = await signUpExpert(t, { timeZone: ZONE });
    const path = '/round.ics';
    const calendar = await addCalendar(expert, server.publish(path, { kind: 'calendar', text: calendarText([]) }));
    await read(calendar.id);
    const readsBefore = server.reads(path);
    await t.app.jobs.runNow(CALENDAR_ROUND_QUEUE, {});
    // Read just now: the round leaves it; a quarter of an hour on, the round queues its read.
    expect(server.reads(path)).toBe(readsBefore);
    clock.advance(16 * 60_000);
    try {
      await t.app.jobs.runNow(CALENDAR_ROUND_QUEUE, {});
      await expect.poll(() => server.reads(path)).toBeGreaterThan(readsBefore);
    } finally {
      clock.advance(-16 * 60_000);
    }
  });
});

describe('a calendar that cannot be read', () => {
  const cases: [string, Parameters<CalendarServer['publish']>[1], string][] = [
    ['larger than 5 MB', { kind: 'huge', bytes: 6 * 1024 * 1024 }, 'it is larger than 5 MB'],
    ['slower than the time limit', { kind: 'slow' }, 'it did not answer within 1 second'],
    ['not a calendar', { kind: 'text', body: '<html>Sign in</html>' }, 'it is not a calendar (an iCalendar file starts with BEGIN:VCALENDAR)'],
    ['missing', { kind: 'status', status: 404 }, 'its server answered 404'],
  ];
  for (const [what, route, message] of cases) {
    it(`says why when it is ${what}, and blocks nothing`, async () => {
      const expert = await signUpExpert(t, { timeZone: ZONE });
      const path = `/hostile-${what.replaceAll(' ', '-')}.ics`;
      const calendar = await addCalendar(expert, server.publish(path, route));
      await read(calendar.id);
      const shown = (await listing(expert)).calendars[0]!;
      expect(shown).toMatchObject({ lastError: message, lastSuccessAt: null, busyCount: 0 });
    });
  }

  it('says so after more than 3 redirects', async () => {
    const expert = await signUpExpert(t, { timeZone: ZONE });
    for (const n of [1, 2, 3, 4]) server.publish(`/hop-${n}.ics`, { kind: 'redirect', location: `/hop-${n + 1}.ics` });
    server.publish('/hop-5.ics', { kind: 'calendar', text: calendarText([]) });
    const calendar = await addCalendar(expert, `${server.url}/hop-1.ics`);
    await read(calendar.id);
    expect((await listing(expert)).calendars[0]!.lastError).toBe('it redirected more than 3 times');
    const shorter = await addCalendar(expert, `${server.url}/hop-2.ics`, 'Three hops');
    await read(shorter.id);
    expect((await listing(expert)).calendars.find((c) => c.id === shorter.id)).toMatchObject({ lastError: null });
  });
});

describe('without ALLOW_PRIVATE_CALENDAR_URLS', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await createTestApp({}, { now: clock.now });
  });
  afterAll(async () => {
    await strict?.close();
  });

  it('refuses an http address, and reads nothing from a private or local one', async () => {
    const strictHttp = requester(strict);
    const expert = await signUpExpert(strict, { timeZone: ZONE });
    const plain = await strictHttp.post(expert, '/api/workspace/calendars', { url: `${server.url}/local.ics`, label: 'Local' });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().errors.url).toBe(EXTERNAL_CALENDAR_MESSAGES.httpsOnly);
    const path = '/private.ics';
    server.publish(path, { kind: 'calendar', text: calendarText([]) });
    for (const host of ['127.0.0.1', '[::1]', '10.1.2.3', '169.254.169.254']) {
      const response = await strictHttp.post(expert, '/api/workspace/calendars', { url: `webcal://${host}${path}`, label: host });
      expect(response.statusCode).toBe(201);
      const calendar: ExternalCalendar = response.json();
      await strict.app.jobs.runNow(CALENDAR_READ_QUEUE, { calendarId: calendar.id });
      const shown = ((await strictHttp.get(expert, '/api/workspace/calendars')).json() as WorkspaceCalendars).calendars.find((c) => c.id === calendar.id);
      expect(shown, host).toMatchObject({ lastError: 'its address leads to a private or local network, which calendars cannot be read from', busyCount: 0 });
      expect((await strictHttp.delete(expert, `/api/workspace/calendars/${calendar.id}`)).statusCode).toBe(204);
    }
    expect(server.reads(path)).toBe(0);
  });
});
