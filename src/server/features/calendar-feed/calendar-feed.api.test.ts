import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import ical, { type VEvent } from 'node-ical';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../test/test-app.js';
import { daysAhead, movableClock, onsiteBooking, postBooking, videoBooking } from '../../test/booking-helpers.js';
import { requester, signUpExpert, type ExpertAccount } from '../../test/workspace-helpers.js';
import { auditLog, boats, maintenanceTasks } from '../../db/schema.js';
import { CALENDAR_FEED_MESSAGES, type CalendarFeedLink } from '../../../common/calendar-feed.js';
import type { Booking } from '../../../common/bookings.js';

const clock = movableClock();
let t: TestApp;
let http: ReturnType<typeof requester>;
let owner: TestUser;
let expert: ExpertAccount;
let video: Booking;
let onsite: Booking;
let taskId: string;
let boatId: string;

async function book(payload: unknown): Promise<Booking> {
  const response = await postBooking(t.app, owner, payload);
  if (response.statusCode !== 201) throw new Error(`booking failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

beforeAll(async () => {
  t = await createTestApp({}, { now: clock.now });
  http = requester(t);
  owner = await signUp(t.app, { firstName: 'Olive', lastName: 'Owner' });
  expert = await signUpExpert(t, { name: 'Wendy Works', timeZone: 'America/Chicago' });
  video = await book(videoBooking(expert.expertId, daysAhead(3, 'America/Chicago'), '10:00 AM'));
  onsite = await book(onsiteBooking(expert.expertId, daysAhead(4, 'America/Chicago'), '9:00 AM'));
  expect((await http.post(expert, `/api/bookings/${video.id}/confirm`)).statusCode).toBe(200);
  const [boat] = await t.database.db
    .insert(boats)
    .values({ ownerId: owner.id, name: 'Sea Breeze', boatType: 'sailboat', hullType: 'monohull', propulsion: 'inboard' })
    .returning();
  boatId = boat!.id;
  const [task] = await t.database.db
    .insert(maintenanceTasks)
    .values({ boatId, title: 'Replace impeller', specialty: 'engine', dueDate: daysAhead(20) })
    .returning();
  taskId = task!.id;
});
afterAll(async () => {
  await t?.close();
});

async function createLink(user: TestUser): Promise<CalendarFeedLink> {
  const response = await http.post(user, '/api/calendar-feed');
  expect(response.statusCode).toBe(201);
  return response.json();
}

const feedPath = (link: CalendarFeedLink) => new URL(link.url).pathname;

/** node-ical gives a URL with parameters (VALUE=URI) as an object. */
const urlOf = (event: VEvent) => (typeof event.url === 'string' ? event.url : (event.url as { val: string } | undefined)?.val);

function events(text: string): VEvent[] {
  return Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === 'VEVENT');
}

describe('the calendar feed address', () => {
  it('answers 401 signed out on every route', async () => {
    expect((await http.get(null, '/api/calendar-feed')).statusCode).toBe(401);
    expect((await http.post(null, '/api/calendar-feed')).statusCode).toBe(401);
    expect((await http.post(null, '/api/calendar-feed/reset')).statusCode).toBe(401);
  });

  it('is made once, shown with its webcal address, and audited; a second make is 409 and a reset before any is 404', async () => {
    const someone = await signUp(t.app);
    expect((await http.get(someone, '/api/calendar-feed')).json()).toEqual({ active: false, createdAt: null });
    const reset = await http.post(someone, '/api/calendar-feed/reset');
    expect(reset.statusCode).toBe(404);
    expect(reset.json().message).toBe(CALENDAR_FEED_MESSAGES.none);
    const link = await createLink(someone);
    expect(link.url).toMatch(/^http:\/\/localhost:3000\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(link.webcalUrl).toBe(link.url.replace('http://', 'webcal://'));
    expect((await http.get(someone, '/api/calendar-feed')).json()).toMatchObject({ active: true, createdAt: link.createdAt });
    const again = await http.post(someone, '/api/calendar-feed');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(CALENDAR_FEED_MESSAGES.exists);
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityType, 'calendar_feed'), eq(auditLog.entityId, someone.id)));
    expect(audit.map((entry) => entry.action)).toEqual(['calendar-feed.create']);
  });

  it('answers 404 for an unknown token, a malformed one and a reset one, with the same message', async () => {
    const someone = await signUp(t.app);
    const link = await createLink(someone);
    expect((await t.app.inject({ method: 'GET', url: feedPath(link) })).statusCode).toBe(200);
    const reset = await http.post(someone, '/api/calendar-feed/reset');
    expect(reset.statusCode).toBe(200);
    const renewed: CalendarFeedLink = reset.json();
    expect(renewed.url).not.toBe(link.url);
    const unknown = `/calendar/${'A'.repeat(43)}.ics`;
    for (const url of [feedPath(link), unknown, '/calendar/short.ics', `/calendar/${'A'.repeat(43)}.txt`, '/calendar/x/y']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      if (url !== '/calendar/x/y') expect(response.json()).toEqual({ message: CALENDAR_FEED_MESSAGES.notFound });
    }
    expect((await t.app.inject({ method: 'GET', url: feedPath(renewed) })).statusCode).toBe(200);
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityType, 'calendar_feed'), eq(auditLog.entityId, someone.id)));
    expect(audit.map((entry) => entry.action)).toEqual(['calendar-feed.create', 'calendar-feed.reset']);
  });
});

describe('the feed', () => {
  it("holds the owner's bookings under their invites' UIDs, in the booking's zone, with page, place or call link, and the maintenance due all day", async () => {
    const link = await createLink(owner);
    const response = await t.app.inject({ method: 'GET', url: feedPath(link) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const found = events(response.body);
    const byUid = new Map(found.map((event) => [event.uid, event]));
    expect([...byUid.keys()].sort()).toEqual([`booking-${onsite.id}@kbmarine`, `booking-${video.id}@kbmarine`, `maintenance-${taskId}@kbmarine`].sort());

    const call = byUid.get(`booking-${video.id}@kbmarine`)!;
    expect(call.start.toISOString()).toBe(video.startsAt);
    expect(call.start.tz).toBe('America/Chicago');
    expect(call.end!.getTime() - call.start.getTime()).toBe(30 * 60_000);
    expect(call.status).toBe('CONFIRMED');
    expect(call.location).toBe(`Video call: http://localhost:3000/consultation?booking=${video.id}`);
    expect(urlOf(call)).toBe(`http://localhost:3000/bookings/${video.id}`);
    expect(String(call.summary)).toBe('K&B Marine: 30-minute video consultation with Wendy Works');

    const visit = byUid.get(`booking-${onsite.id}@kbmarine`)!;
    expect(visit.status).toBe('TENTATIVE');
    expect(visit.location).toBe('1 Marina Way, Annapolis, MD');
    expect(String(visit.summary)).toContain('(requested)');
    // The address gives no ZIP code, so the visit is in the expert's zone, as its invite is.
    expect(visit.start.tz).toBe('America/Chicago');

    const due = byUid.get(`maintenance-${taskId}@kbmarine`)!;
    expect(due.datetype).toBe('date');
    expect(String(due.summary)).toBe('Sea Breeze: Replace impeller due');
    expect(due.transparency).toBe('TRANSPARENT');
    expect(response.body).toContain(`DTSTART;VALUE=DATE:${daysAhead(20).replaceAll('-', '')}`);
  });

  it("holds the expert's requested and confirmed bookings, with the owner's name, and no maintenance of others' boats", async () => {
    const link = await createLink(expert);
    const found = events((await t.app.inject({ method: 'GET', url: feedPath(link) })).body);
    expect(found.map((event) => event.uid).sort()).toEqual([`booking-${onsite.id}@kbmarine`, `booking-${video.id}@kbmarine`].sort());
    expect(found.map((event) => String(event.summary)).sort()).toEqual([
      'K&B Marine: Onsite visit for Olive Owner (requested)',
      'K&B Marine: Video consultation with Olive Owner',
    ]);
  });

  it('answers 304 to its ETag and Last-Modified, and a new ETag once a booking is cancelled, which leaves the feed', async () => {
    const other = await signUp(t.app);
    const planned = await t.app.inject({ method: 'POST', url: '/api/bookings', headers: { cookie: other.cookie, origin: 'http://localhost:3000' }, payload: videoBooking(expert.expertId, daysAhead(6, 'America/Chicago'), '1:00 PM') });
    expect(planned.statusCode).toBe(201);
    const booking: Booking = planned.json();
    const link = await createLink(other);
    const first = await t.app.inject({ method: 'GET', url: feedPath(link) });
    const etag = first.headers.etag as string;
    const lastModified = first.headers['last-modified'] as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(new Date(lastModified).toUTCString()).toBe(lastModified);
    const byTag = await t.app.inject({ method: 'GET', url: feedPath(link), headers: { 'if-none-match': etag } });
    expect(byTag.statusCode).toBe(304);
    expect(byTag.body).toBe('');
    expect((await t.app.inject({ method: 'GET', url: feedPath(link), headers: { 'if-modified-since': lastModified } })).statusCode).toBe(304);
    expect((await t.app.inject({ method: 'GET', url: feedPath(link), headers: { 'if-none-match': '"other"', 'if-modified-since': lastModified } })).statusCode).toBe(200);

    const cancel = await t.app.inject({ method: 'POST', url: `/api/bookings/${booking.id}/cancel`, headers: { cookie: other.cookie, origin: 'http://localhost:3000' }, payload: { reason: 'Plans changed' } });
    expect(cancel.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: feedPath(link), headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(events(after.body).map((event) => event.uid)).toEqual([]);
  });
});
