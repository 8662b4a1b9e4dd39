import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type WebSocket from 'ws';
import { cookieHeader, createPeerApp, createTestApp, nextClientAddress, ORIGIN, signUp, type TestApp, type TestUser } from './test-app.js';
import { daysAhead, movableClock, postBooking, videoBooking } from './booking-helpers.js';
import { requester, signUpExpert, type ExpertAccount } from './workspace-helpers.js';
import { closed, connectLive, nextMessage, refusedUpgrade } from './live-client.js';
import { startSmtpInbox } from './smtp-inbox.js';
import { sessions, users } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';
import { LIVE_CLOSE_SESSION_ENDED, SESSION_ENDED_REASON } from '../../common/live-close.js';
import type { Booking } from '../../common/bookings.js';
import { BOOKING_NOT_FOUND } from '../features/bookings/index.js';
import { CLOSE } from '../realtime/live-socket.js';

/**
 * A live socket lives no longer than the session it opened with, nor than its admission. Here the heartbeat
 * is far longer than any test: what closes a socket is the database's announcement of the change (or, in
 * the last block, the heartbeat's own check, with nothing announced).
 */
const clock = movableClock();
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpInbox>>;
let http: ReturnType<typeof requester>;
let expert: ExpertAccount;
let admin: TestUser;
let base = '';
let day = 3;

async function listen(app: TestApp) {
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  return `ws://127.0.0.1:${(app.app.server.address() as { port: number }).port}`;
}

beforeAll(async () => {
  smtp = await startSmtpInbox();
  t = await createTestApp({ SMTP_URL: smtp.url }, { liveHeartbeatMs: 10 * 60_000, now: clock.now });
  http = requester(t);
  expert = await signUpExpert(t, { name: 'Wendy Works' });
  admin = await signUp(t.app, { firstName: 'Ada', lastName: 'Admin' });
  await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
  base = await listen(t);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function book(owner: TestUser): Promise<Booking> {
  day += 1;
  const response = await postBooking(t.app, owner, videoBooking(expert.expertId, daysAhead(day), '10:00 AM'));
  if (response.statusCode !== 201) throw new Error(`booking failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** The same person signed in a second time (another browser): a session of its own. */
async function signInAgain(user: TestUser, password = user.password): Promise<TestUser> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: ORIGIN,
    remoteAddress: nextClientAddress(),
    payload: { email: user.email, password },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { ...user, password, cookie: cookieHeader(response.headers['set-cookie']) };
}

const headers = (user: TestUser) => ({ ...ORIGIN, cookie: user.cookie });
const messagesLive = (booking: Booking, user: TestUser, at = base) => connectLive(`${at}/api/bookings/${booking.id}/messages/live`, headers(user));

/** How the socket closed; fails if it is still open after a while (nothing closed it). */
async function closing(socket: WebSocket): Promise<{ code: number; reason: string }> {
  let timer: NodeJS.Timeout | undefined;
  const stillOpen = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the socket is still open')), 10_000);
  });
  try {
    return await Promise.race([closed(socket), stillOpen]);
  } finally {
    clearTimeout(timer);
  }
}

const SESSION_ENDED = { code: LIVE_CLOSE_SESSION_ENDED, reason: SESSION_ENDED_REASON };

async function send(user: TestUser, booking: Booking, text: string) {
  const response = await http.post(user, `/api/bookings/${booking.id}/messages`, { text });
  expect(response.statusCode, response.body).toBe(201);
}

/** What the socket received, by message text. */
function textsReceivedBy(socket: WebSocket): string[] {
  return (socket as WebSocket & { backlog: { type: string; message?: { text: string } }[] }).backlog
    .filter((event) => event.type === 'message')
    .map((event) => event.message!.text);
}

function adminEdit(user: TestUser, change: { role?: string; status?: string }) {
  return http.patch(admin, `/api/admin/users/${user.id}`, {
    firstName: 'Olive',
    lastName: 'Owner',
    email: user.email,
    phone: null,
    role: 'user',
    status: 'active',
    ...change,
  });
}

describe('live sockets end with their session', () => {
  it('sign-out closes the sockets of that session (4401), which get no later message; the same person signed in elsewhere stays live', async () => {
    const owner = await signUp(t.app, { firstName: 'Olive', lastName: 'Owner' });
    const booking = await book(owner);
    const laptop = await signInAgain(owner);
    const phoneSocket = await messagesLive(booking, owner);
    const laptopSocket = await messagesLive(booking, laptop);

    expect((await http.post(owner, '/api/auth/sign-out')).statusCode).toBe(200);
    expect(await closing(phoneSocket)).toEqual(SESSION_ENDED);

    await send(expert, booking, 'After the sign-out');
    expect(await nextMessage(laptopSocket)).toMatchObject({ type: 'message', message: { text: 'After the sign-out' } });
    expect(textsReceivedBy(phoneSocket)).toEqual([]);
    expect((await refusedUpgrade(`${base}/api/bookings/${booking.id}/messages/live`, headers(owner))).status).toBe(401);
    laptopSocket.close();
    await closed(laptopSocket);
  });

  it("an administrator's deactivation closes every socket of the account, and so does deleting it", async () => {
    const owner = await signUp(t.app);
    const booking = await book(owner);
    const other = await signInAgain(owner);
    const sockets = [await messagesLive(booking, owner), await messagesLive(booking, other)];
    expect((await adminEdit(owner, { status: 'inactive' })).statusCode).toBe(200);
    for (const socket of sockets) expect(await closing(socket)).toEqual(SESSION_ENDED);
    await send(expert, booking, 'After the deactivation');
    for (const socket of sockets) expect(textsReceivedBy(socket)).toEqual([]);

    const deleted = await signUp(t.app);
    const socket = await messagesLive(await book(deleted), deleted);
    expect((await http.delete(admin, `/api/admin/users/${deleted.id}`)).statusCode).toBe(204);
    expect(await closing(socket)).toEqual(SESSION_ENDED);
  });

  it('a password change that signs out the other sessions closes their sockets; the new session connects', async () => {
    const owner = await signUp(t.app);
    const booking = await book(owner);
    const other = await signInAgain(owner);
    const otherSocket = await messagesLive(booking, other);
    const change = await http.post(owner, '/api/auth/change-password', {
      currentPassword: owner.password,
      newPassword: 'a-brand-new-password',
      revokeOtherSessions: true,
    });
    expect(change.statusCode, change.body).toBe(200);
    expect(await closing(otherSocket)).toEqual(SESSION_ENDED);
    const renewed = { ...owner, cookie: cookieHeader(change.headers['set-cookie']) };
    const renewedSocket = await messagesLive(booking, renewed);
    await send(expert, booking, 'To the new session');
    expect(await nextMessage(renewedSocket)).toMatchObject({ type: 'message', message: { text: 'To the new session' } });
    renewedSocket.close();
    await closed(renewedSocket);
  });

  it('a password reset through the e-mailed link closes the sockets of every session', async () => {
    const owner = await signUp(t.app);
    const socket = await messagesLive(await book(owner), owner);
    const request = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: ORIGIN,
      remoteAddress: nextClientAddress(),
      payload: { email: owner.email, redirectTo: `${ORIGIN.origin}/reset-password` },
    });
    expect(request.statusCode).toBe(200);
    const token = () =>
      smtp.raw
        .map((raw) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
        .filter((mail) => mail.includes(`To: ${owner.email}`))
        .map((mail) => /\/api\/auth\/reset-password\/([^?\s]+)/.exec(mail)?.[1])
        .find((found) => !!found);
    await expect.poll(token, { timeout: 10_000 }).toBeTruthy();
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', headers: ORIGIN, payload: { token: token(), newPassword: 'reset-to-this-one' } });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await closing(socket)).toEqual(SESSION_ENDED);
  });

  it('a role change closes what the new role no longer admits (4403): an administrator reading a thread, demoted', async () => {
    const owner = await signUp(t.app);
    const booking = await book(owner);
    const reader = await signUp(t.app, { firstName: 'Rita', lastName: 'Reader' });
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, reader.id));
    const readerSocket = await messagesLive(booking, reader);
    const ownerSocket = await messagesLive(booking, owner);
    const demoted = await adminEdit(reader, { role: 'user' });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect(await closing(readerSocket)).toEqual({ code: CLOSE.noLongerAdmitted, reason: BOOKING_NOT_FOUND });
    await send(expert, booking, 'After the demotion');
    expect(await nextMessage(ownerSocket)).toMatchObject({ type: 'message', message: { text: 'After the demotion' } });
    expect(textsReceivedBy(readerSocket)).toEqual([]);
    ownerSocket.close();
    await closed(ownerSocket);
  });

  it("the call socket stops relaying once its person signs out: it closes (4401) and the other party sees them leave", async () => {
    const owner = await signUp(t.app, { firstName: 'Olive', lastName: 'Owner' });
    const booking = await book(owner);
    expect((await http.post(expert, `/api/bookings/${booking.id}/confirm`)).statusCode).toBe(200);
    clock.set(new Date(new Date(booking.startsAt).getTime() - 5 * 60_000));
    onTestFinished(() => clock.set(new Date()));
    const join = (user: TestUser) => connectLive(`${base}/api/bookings/${booking.id}/call/live`, headers(user));
    const next = async (socket: WebSocket, type: string) => {
      for (;;) {
        const message = (await nextMessage(socket)) as Record<string, unknown>;
        if (message.type === type) return message;
      }
    };
    const ownerSocket = await join(owner);
    const ownerWelcome = await next(ownerSocket, 'welcome');
    const expertSocket = await join(expert);
    await next(expertSocket, 'welcome');
    await next(ownerSocket, 'peer');

    expect((await http.post(owner, '/api/auth/sign-out')).statusCode).toBe(200);
    expect(await closing(ownerSocket)).toEqual(SESSION_ENDED);
    expect(await next(expertSocket, 'peer-left')).toEqual({ type: 'peer-left', peerId: ownerWelcome.peerId });
    expect((await refusedUpgrade(`${base}/api/bookings/${booking.id}/call/live`, headers(owner))).status).toBe(401);
    expertSocket.close();
    await closed(expertSocket);
  });
});

// Only PostgreSQL has other app servers (PGlite is one process); not a skipped test on PGlite, no test.
if (process.env.TEST_DB === 'postgres') {
  describe('live sockets end with their session on every app server', () => {
    it('a sign-out on one server closes the socket on another, whose session cache cannot let the old cookie back in', async () => {
      const peer = await createPeerApp(t, { liveHeartbeatMs: 10 * 60_000 });
      try {
        const peerBase = await listen(peer);
        const owner = await signUp(t.app);
        const booking = await book(owner);
        const socket = await messagesLive(booking, owner, peerBase);
        // The peer's session cache now holds this cookie's user for SESSION_CACHE_SECONDS.
        expect((await peer.app.inject({ method: 'GET', url: '/api/auth/user', headers: headers(owner) })).statusCode).toBe(200);
        expect((await http.post(owner, '/api/auth/sign-out')).statusCode).toBe(200);
        expect(await closing(socket)).toEqual(SESSION_ENDED);
        expect((await refusedUpgrade(`${peerBase}/api/bookings/${booking.id}/messages/live`, headers(owner))).status).toBe(401);
      } finally {
        await peer.close();
      }
    });
  });
}

describe('the heartbeat checks the session itself', () => {
  let quick: TestApp;
  let quickBase = '';
  beforeAll(async () => {
    // Short enough to show well within `closing`'s wait; long enough that a pong still arrives in time on
    // a loaded CI machine (a missed pong ends the socket with 1006 instead of the session's close).
    quick = await createTestApp({}, { liveHeartbeatMs: 1_000 });
    quickBase = await listen(quick);
  });
  afterAll(() => quick.close());

  it('closes within a heartbeat a session that ended with nothing announced: expired, or deleted past the triggers', async () => {
    const quickExpert = await signUpExpert(quick, { name: 'Quentin Quick' });
    const owner = await signUp(quick.app);
    const booked = await postBooking(quick.app, owner, videoBooking(quickExpert.expertId, daysAhead(5), '10:00 AM'));
    expect(booked.statusCode).toBe(201);
    const booking: Booking = booked.json();
    const url = `${quickBase}/api/bookings/${booking.id}/messages/live`;
    const sessionIds = async () => (await quick.database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, owner.id))).map((row) => row.id);
    const expiring = await connectLive(url, headers(owner));
    const [first] = await sessionIds();
    const signIn = await quick.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: ORIGIN, remoteAddress: nextClientAddress(), payload: { email: owner.email, password: owner.password } });
    const deleting = await connectLive(url, headers({ ...owner, cookie: cookieHeader(signIn.headers['set-cookie']) }));
    const other = (await sessionIds()).find((id) => id !== first);

    // An UPDATE of the expiry announces nothing.
    await quick.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(sessions.id, first!));
    expect(await closing(expiring)).toEqual(SESSION_ENDED);
    // A script that deletes with the triggers off (as a replica would) announces nothing either.
    await inTransaction(quick.database.db, async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.delete(sessions).where(eq(sessions.id, other!));
    });
    expect(await closing(deleting)).toEqual(SESSION_ENDED);
  });
});
