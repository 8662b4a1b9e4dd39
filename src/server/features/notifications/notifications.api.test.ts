import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, ORIGIN, signUp, type TestApp, type TestUser } from '../../test/test-app.js';
import { daysAhead, movableClock, postBooking, videoBooking } from '../../test/booking-helpers.js';
import { requester, signUpExpert, type ExpertAccount } from '../../test/workspace-helpers.js';
import { startSmtpInbox, type SmtpInbox } from '../../test/smtp-inbox.js';
import { insertApplication } from '../../test/application-factory.js';
import { closed, connectLive, nextMessage, refusedUpgrade } from '../../test/live-client.js';
import { users } from '../../db/schema.js';
import { addDays } from '../../../common/zoned-time.js';
import type { Booking } from '../../../common/bookings.js';
import {
  MARK_READ_NEEDS_ONE,
  NOTIFICATION_KINDS,
  PREFERENCE_NOT_ADJUSTABLE,
  type Notification,
  type NotificationKind,
  type NotificationPage,
  type NotificationPreference,
} from '../../../common/notifications.js';
import { unsubscribeUrl } from './email-preferences.js';

// The jobs of the features that notify, run at once rather than waiting for their moment.
const REMINDER_QUEUE = 'booking-reminder';
const UNREAD_EMAIL_QUEUE = 'booking-message-unread-email';

// docs/PRODUCT.md#notifications: every event that e-mails writes a notification for its recipient, with the
// e-mail; preferences turn channels off, and the e-mail's one-click unsubscribe turns its kind off.
const clock = movableClock();
let t: TestApp;
let inbox: SmtpInbox;
let owner: TestUser;
let admin: TestUser;
let expert: ExpertAccount;
let http: ReturnType<typeof requester>;
let day = 3;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({ SMTP_URL: inbox.url }, { now: clock.now });
  http = requester(t);
  owner = await signUp(t.app, { firstName: 'Nora', lastName: 'Owner' });
  admin = await signUp(t.app);
  await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
  expert = await signUpExpert(t, { name: 'Eli Expert', instantBooking: false, videoRateCents: 6000, onsiteRateCents: 10000, onsiteMinimumHours: 2 });
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});

async function page(user: TestUser, query = ''): Promise<NotificationPage> {
  const response = await http.get(user, `/api/notifications${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The user's notifications newer than `after`, oldest first. */
async function newSince(user: TestUser, after: number): Promise<Notification[]> {
  const { notifications } = await page(user, '?limit=50');
  return notifications.filter((n) => n.id > after).reverse();
}

async function latestId(user: TestUser): Promise<number> {
  return (await page(user, '?limit=1')).notifications[0]?.id ?? 0;
}

const kinds = (notifications: Notification[]): NotificationKind[] => notifications.map((n) => n.kind);

async function book(payload: unknown): Promise<Booking> {
  const response = await postBooking(t.app, owner, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}
const video = () => book(videoBooking(expert.expertId, daysAhead(day++)));

async function act(user: TestUser, booking: Booking, action: string, payload: object = {}) {
  const response = await http.post(user, `/api/bookings/${booking.id}/${action}`, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Every e-mail the jobs enqueued so far has left or been held back. */
async function mailSettled() {
  await expect
    .poll(async () => {
      const { rows } = await t.database.executeSql(`select count(*)::int as n from pgboss.job where name = 'email-send' and state not in ('completed', 'failed')`);
      return (rows[0] as { n: number }).n;
    })
    .toBe(0);
}

describe('every event writes a notification for the person it concerns', () => {
  it('booking requested, confirmed, moved, declined, cancelled, expired and the reminders, never to the person who acted', async () => {
    clock.set(new Date());
    const [ownerBefore, expertBefore] = [await latestId(owner), await latestId(expert)];
    const booking = await video();
    let toExpert = await newSince(expert, expertBefore);
    expect(toExpert).toMatchObject([{ kind: 'booking_requested', title: `New booking request #${booking.number}`, path: '/workspace', readAt: null }]);
    expect(toExpert[0]!.body).toContain('Nora Owner asks for a video consultation on');
    expect(await newSince(owner, ownerBefore)).toEqual([]);

    await act(expert, booking, 'confirm');
    expect(await newSince(owner, ownerBefore)).toMatchObject([{ kind: 'booking_confirmed', title: `Booking #${booking.number} confirmed`, path: `/bookings/${booking.id}` }]);

    const reminder = { bookingId: booking.id, kind: '24h', startsAt: booking.startsAt };
    await t.app.jobs.runNow(REMINDER_QUEUE, reminder);
    expect(kinds(await newSince(owner, ownerBefore))).toEqual(['booking_confirmed', 'booking_reminder']);
    expect(kinds(await newSince(expert, expertBefore))).toEqual(['booking_requested', 'booking_reminder']);

    const moved = await http.post(owner, `/api/bookings/${booking.id}/reschedule`, { scheduledDate: daysAhead(day++), preferredTime: '10:00 AM' });
    expect(moved.statusCode, moved.body).toBe(200);
    toExpert = await newSince(expert, expertBefore);
    expect(toExpert.at(-1)).toMatchObject({ kind: 'booking_rescheduled', title: `Booking #${booking.number} moved` });

    await act(expert, booking, 'decline', { reason: 'Away that week' });
    expect((await newSince(owner, ownerBefore)).at(-1)).toMatchObject({ kind: 'booking_declined', path: `/bookings/${booking.id}` });
    expect(kinds(await newSince(expert, expertBefore))).not.toContain('booking_declined');

    const cancelled = await video();
    await act(owner, cancelled, 'cancel', { reason: 'Fixed it myself' });
    expect((await newSince(expert, expertBefore)).at(-1)).toMatchObject({ kind: 'booking_cancelled', title: `Booking #${cancelled.number} cancelled` });
    expect(kinds(await newSince(owner, ownerBefore))).not.toContain('booking_cancelled');

    const unanswered = await video();
    clock.set(new Date(clock.now().getTime() + 25 * 3600_000));
    await t.app.jobs.runNow('bookings-sweep', {});
    expect((await newSince(owner, ownerBefore)).at(-1)).toMatchObject({ kind: 'booking_expired', title: `Booking request #${unanswered.number} expired` });
    clock.set(new Date());
  });

  it('messages waiting, the service summary and every invoice event, to each party its e-mails go to', async () => {
    clock.set(new Date());
    const booking = await video();
    await act(expert, booking, 'confirm');
    const [ownerBefore, expertBefore] = [await latestId(owner), await latestId(expert)];
    const sent = await http.post(owner, `/api/bookings/${booking.id}/messages`, { text: 'Is the impeller the likely cause?' });
    expect(sent.statusCode, sent.body).toBe(201);
    await t.app.jobs.runNow(UNREAD_EMAIL_QUEUE, { messageId: sent.json().id });
    expect(await newSince(expert, expertBefore)).toMatchObject([
      { kind: 'messages_waiting', body: 'Nora Owner sent you a message, waiting unread.', path: `/bookings/${booking.id}#messages` },
    ]);

    clock.set(new Date(new Date(booking.startsAt).getTime() + 40 * 60_000));
    const summary = await http.put(expert, `/api/bookings/${booking.id}/summary`, { findings: 'The impeller lost two vanes.', nextSteps: 'Replace it.', parts: [] });
    expect(summary.statusCode, summary.body).toBe(200);
    await act(expert, booking, 'complete');
    const url = `/api/bookings/${booking.id}/invoice`;
    expect((await http.post(expert, `${url}/paid-in-person`, { method: 'cash' })).statusCode).toBe(200);
    expect((await http.post(owner, `${url}/confirm-payment`)).statusCode).toBe(200);
    expect(kinds(await newSince(owner, ownerBefore))).toEqual(['service_summary', 'invoice_issued', 'invoice_paid', 'invoice_paid']);
    expect(kinds(await newSince(expert, expertBefore))).toEqual(['messages_waiting', 'invoice_issued', 'invoice_paid']);
    const [issued] = (await newSince(owner, ownerBefore)).filter((n) => n.kind === 'invoice_issued');
    expect(issued!.body).toMatch(/^Eli Expert completed the service: \$60\.00, due by /);

    clock.set(new Date());
    const disputed = await video();
    await act(expert, disputed, 'confirm');
    clock.set(new Date(new Date(disputed.startsAt).getTime() + 40 * 60_000));
    await act(expert, disputed, 'complete');
    const [ownerMark, expertMark] = [await latestId(owner), await latestId(expert)];
    const disputeUrl = `/api/bookings/${disputed.id}/invoice`;
    expect((await http.post(owner, `${disputeUrl}/dispute`, { reason: 'The call was cut short' })).statusCode).toBe(200);
    expect((await http.post(admin, `${disputeUrl}/resolve`, { outcome: 'keep', resolution: 'The call ran its 30 minutes.' })).statusCode).toBe(200);
    // The owner who disputed is not told of their own dispute; both hear of its outcome.
    expect(kinds(await newSince(owner, ownerMark))).toEqual(['dispute_resolved']);
    expect(kinds(await newSince(expert, expertMark))).toEqual(['invoice_disputed', 'dispute_resolved']);
    clock.set(new Date());
  });

  it("the expert application's decision, and maintenance coming due", async () => {
    const applicant = await signUp(t.app);
    const { expert: applied } = await insertApplication(t.database.db, applicant.id);
    expect((await http.put(admin, `/api/admin/experts/${applied.id}/approve`, {})).statusCode).toBe(200);
    expect(await newSince(applicant, 0)).toMatchObject([{ kind: 'application_decided', title: 'Your expert application is approved', path: '/workspace' }]);

    const sailor = await signUp(t.app);
    const boat = await http.post(sailor, '/api/boats', { name: 'Tern', boatType: 'sailboat', hullType: 'monohull', propulsion: 'sail', homeZip: null });
    expect(boat.statusCode, boat.body).toBe(201);
    const boatId = boat.json().boat.id as string;
    const today = clock.now().toISOString().slice(0, 10);
    const task = await http.post(sailor, `/api/boats/${boatId}/tasks`, { title: 'Check the shrouds', specialty: 'rigging', dueDate: addDays(today, 10) });
    expect(task.statusCode, task.body).toBe(201);
    await t.app.jobs.runNow('maintenance-reminders', {});
    expect(await newSince(sailor, 0)).toMatchObject([{ kind: 'maintenance_due', title: 'Tern: Check the shrouds is due in 10 days', path: `/boats/${boatId}` }]);
  });
});

describe('the notification centre', () => {
  it('pages newest first, counts the unread, and marks read up to an id or by ids, only the caller’s own', async () => {
    const reader = await signUpExpert(t, { instantBooking: false, videoRateCents: 5000 });
    for (let i = 0; i < 3; i++) expect((await postBooking(t.app, owner, videoBooking(reader.expertId, daysAhead(day++)))).statusCode).toBe(201);
    const first = await page(reader, '?limit=2');
    expect(first).toMatchObject({ hasMore: true, unread: 3 });
    expect(first.notifications).toHaveLength(2);
    const [newest, middle] = first.notifications;
    expect(newest!.id).toBeGreaterThan(middle!.id);
    const rest = await page(reader, `?limit=2&before=${middle!.id}`);
    expect(rest).toMatchObject({ hasMore: false });
    expect(rest.notifications).toHaveLength(1);

    expect((await http.get(reader, '/api/notifications/unread')).json()).toEqual({ count: 3 });
    expect((await http.post(reader, '/api/notifications/read', { ids: [newest!.id] })).json()).toEqual({ count: 2 });
    // Someone else's ids change nothing.
    expect((await http.post(owner, '/api/notifications/read', { upToId: newest!.id })).statusCode).toBe(200);
    expect((await http.get(reader, '/api/notifications/unread')).json()).toEqual({ count: 2 });
    expect((await http.post(reader, '/api/notifications/read', { upToId: middle!.id })).json()).toEqual({ count: 0 });
    expect((await page(reader)).notifications.every((n) => n.readAt !== null)).toBe(true);
  });

  it('refuses what it cannot read: 400 with the reason, 401 signed out', async () => {
    for (const body of [{}, { ids: [] }, { upToId: 'all' }, { upToId: 1, ids: [1] }]) {
      const response = await http.post(owner, '/api/notifications/read', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toContain(MARK_READ_NEEDS_ONE);
    }
    expect((await http.get(owner, '/api/notifications?limit=51')).statusCode).toBe(400);
    expect((await http.get(owner, '/api/notifications?before=-1')).statusCode).toBe(400);
    for (const url of ['/api/notifications', '/api/notifications/unread', '/api/notification-preferences']) expect((await http.get(null, url)).statusCode).toBe(401);
    expect((await http.post(null, '/api/notifications/read', { upToId: 1 })).statusCode).toBe(401);
  });

  it('tells an open page the unread count live: on opening, when one arrives and when they are read', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const live = `ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}/api/notifications/live`;
    const listener = await signUpExpert(t, { instantBooking: false, videoRateCents: 5000 });
    const socket = await connectLive(live, { ...ORIGIN, cookie: listener.cookie });
    expect(await nextMessage(socket)).toEqual({ count: 0 });
    expect((await postBooking(t.app, owner, videoBooking(listener.expertId, daysAhead(day++)))).statusCode).toBe(201);
    expect(await nextMessage(socket)).toEqual({ count: 1 });
    await http.post(listener, '/api/notifications/read', { upToId: await latestId(listener) });
    expect(await nextMessage(socket)).toEqual({ count: 0 });
    socket.close();
    await closed(socket);
    expect((await refusedUpgrade(live, ORIGIN)).status).toBe(401);
    expect((await refusedUpgrade(live, { origin: 'https://evil.example', cookie: listener.cookie })).status).toBe(403);
  });
});

describe('preferences', () => {
  it('answers every kind with its defaults, saves changes, and holds receipts’ e-mail on and text to the short kinds', async () => {
    const person = await signUp(t.app);
    const { preferences } = (await http.get(person, '/api/notification-preferences')).json() as { preferences: NotificationPreference[] };
    expect(preferences.map((p) => p.kind)).toEqual([...NOTIFICATION_KINDS]);
    const of = (list: NotificationPreference[], kind: NotificationKind) => list.find((p) => p.kind === kind)!;
    expect(of(preferences, 'booking_requested')).toEqual({ kind: 'booking_requested', email: true, push: true, text: true });
    expect(of(preferences, 'booking_cancelled')).toEqual({ kind: 'booking_cancelled', email: true, push: true, text: false });

    const saved = await http.put(person, '/api/notification-preferences', { preferences: [{ kind: 'booking_cancelled', email: false, push: false, text: false }] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(of(saved.json().preferences, 'booking_cancelled')).toEqual({ kind: 'booking_cancelled', email: false, push: false, text: false });
    expect(of(saved.json().preferences, 'booking_confirmed').email).toBe(true);

    for (const change of [
      { kind: 'invoice_issued', email: false, push: true, text: false },
      { kind: 'booking_cancelled', email: true, push: true, text: true },
    ]) {
      const refused = await http.put(person, '/api/notification-preferences', { preferences: [change] });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual({ preferences: PREFERENCE_NOT_ADJUSTABLE });
    }
    const twice = await http.put(person, '/api/notification-preferences', {
      preferences: [
        { kind: 'booking_reminder', email: true, push: true, text: true },
        { kind: 'booking_reminder', email: false, push: true, text: true },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect((await http.put(person, '/api/notification-preferences', { preferences: [{ kind: 'payout_sent', email: true, push: true, text: false }] })).statusCode).toBe(400);
    expect(of((await http.get(person, '/api/notification-preferences')).json().preferences, 'booking_cancelled').email).toBe(false);
  });

  it('a kind turned off sends no e-mail of it, while the notification is still written', async () => {
    const quiet = await signUpExpert(t, { name: 'Quinn Quiet', instantBooking: false, videoRateCents: 5000 });
    await http.put(quiet, '/api/notification-preferences', { preferences: [{ kind: 'booking_requested', email: false, push: true, text: true }] });
    const booking = await book(videoBooking(quiet.expertId, daysAhead(day++)));
    await mailSettled();
    expect(inbox.raw.some((raw) => raw.includes(`To: ${quiet.email}`) && raw.includes(`#${booking.number}`))).toBe(false);
    expect(inbox.raw.some((raw) => raw.includes(`To: ${owner.email}`) && raw.includes(`Booking request sent: #${booking.number}`))).toBe(true);
    expect(kinds(await newSince(quiet, 0))).toEqual(['booking_requested']);
  });
});

describe('one-click unsubscribe', () => {
  it('comes with every e-mail that can be turned off, works without signing in, once or twice, and refuses a forged link', async () => {
    const reader = await signUpExpert(t, { name: 'Una Subscribe', instantBooking: false, videoRateCents: 5000 });
    const booking = await book(videoBooking(reader.expertId, daysAhead(day++)));
    const mail = await inbox.waitFor((m) => JSON.stringify(m.to ?? '').includes(reader.email) && m.subject?.includes(`#${booking.number}`) === true);
    const headers = mail.rawText.replace(/\r?\n[ \t]+/g, ' ');
    const link = /^List-Unsubscribe: <([^>]+)>/im.exec(headers)?.[1];
    expect(link).toBeDefined();
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/im);
    expect(mail.text).toContain('Stop e-mails about new booking requests:');
    expect(mail.text).toContain(`${t.config.BASE_URL}/settings#notifications`);
    const path = link!.slice(t.config.BASE_URL.length);

    // RFC 8058: the mail provider POSTs the form, with no cookie and no Origin.
    const oneClick = () =>
      t.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    const first = await oneClick();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ kind: 'booking_requested', label: 'New booking requests' });
    expect((await oneClick()).statusCode).toBe(200);
    const { preferences } = (await http.get(reader, '/api/notification-preferences')).json() as { preferences: NotificationPreference[] };
    expect(preferences.find((p) => p.kind === 'booking_requested')).toEqual({ kind: 'booking_requested', email: false, push: true, text: true });

    const opened = await t.app.inject({ method: 'GET', url: path });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(`/unsubscribe?${path.split('?')[1]}`);

    const forged = path.replace(/s=[^&]+/, 's=AAAA');
    const refused = await t.app.inject({ method: 'POST', url: forged, headers: ORIGIN, payload: {} });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('This unsubscribe link is not valid. Choose what reaches you in Settings.');
    // Receipts and invoices cannot be turned off, even with a correctly signed link.
    const invoiceLink = unsubscribeUrl('', t.config.SESSION_SECRET!, { userId: reader.id, kind: 'invoice_issued' });
    expect((await t.app.inject({ method: 'POST', url: invoiceLink, headers: ORIGIN, payload: {} })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/notifications/unsubscribe?u=x&k=booking_requested', headers: ORIGIN, payload: {} })).statusCode).toBe(400);
  });

  it('is not offered on a receipt or an invoice', async () => {
    const booking = await video();
    await act(expert, booking, 'confirm');
    clock.set(new Date(new Date(booking.startsAt).getTime() + 40 * 60_000));
    await act(expert, booking, 'complete');
    const mail = await inbox.waitFor((m) => JSON.stringify(m.to ?? '').includes(owner.email) && m.subject?.includes(`booking #${booking.number}: $`) === true);
    expect(mail.rawText).not.toMatch(/^List-Unsubscribe:/im);
    clock.set(new Date());
  });
});
