import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type WebSocket from 'ws';
import { createPeerApp, createTestApp, signUp, TEST_BASE_URL, type TestApp, type TestUser } from '../../test/test-app.js';
import { onsiteBooking, postBooking, videoBooking } from '../../test/booking-helpers.js';
import { nextWeekday, requester, signUpExpert, type ExpertAccount } from '../../test/workspace-helpers.js';
import { closed, connectLive, nextMessage, refusedUpgrade } from '../../test/live-client.js';
import { users } from '../../db/schema.js';
import type { Booking } from '../../../common/bookings.js';
import { CALL_CLOSE_NOT_ADMITTED, CALL_CLOSE_REPLACED, type CallInfo, type CallSummary } from '../../../common/video-call.js';
import { NOT_A_PARTY } from './call-access.js';

const MINUTE = 60_000;
/** A stopped clock, so each window edge is exact to the millisecond. */
const clock = (() => {
  let current = new Date();
  return { now: () => current, set: (to: Date) => (current = to) };
})();
let t: TestApp;
let http: ReturnType<typeof requester>;
let owner: TestUser;
let stranger: TestUser;
let admin: TestUser;
let expert: ExpertAccount;
let booking: Booking;
let socketBase = '';

async function book(payload: unknown): Promise<Booking> {
  const response = await postBooking(t.app, owner, payload);
  if (response.statusCode !== 201) throw new Error(`booking failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

const at = (iso: string, offsetMs: number) => clock.set(new Date(new Date(iso).getTime() + offsetMs));

async function call(user: TestUser | null, id = booking.id) {
  return http.get(user, `/api/bookings/${id}/call`);
}

function join(user: TestUser, base = socketBase, id = booking.id) {
  return connectLive(`${base}/api/bookings/${id}/call/live`, { origin: TEST_BASE_URL, cookie: user.cookie });
}

function refused(user: TestUser | null, id = booking.id) {
  return refusedUpgrade(`${socketBase}/api/bookings/${id}/call/live`, { origin: TEST_BASE_URL, ...(user ? { cookie: user.cookie } : {}) });
}

/** The next message of a type, skipping others (peers' media states, say). */
async function next(socket: WebSocket, type: string): Promise<Record<string, unknown>> {
  for (;;) {
    const message = (await nextMessage(socket)) as Record<string, unknown>;
    if (message.type === type) return message;
  }
}

async function listen(app: TestApp) {
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  return `ws://127.0.0.1:${(app.app.server.address() as { port: number }).port}`;
}

beforeAll(async () => {
  // SESSION_CACHE_SECONDS=0: the administrator's role, set in the database, counts at once.
  t = await createTestApp({ SESSION_CACHE_SECONDS: '0' }, { now: clock.now, callRoomHeartbeatMs: 200 });
  http = requester(t);
  owner = await signUp(t.app, { firstName: 'Olive', lastName: 'Owner' });
  stranger = await signUp(t.app, { firstName: 'Sid', lastName: 'Stranger' });
  admin = await signUp(t.app, { firstName: 'Ada', lastName: 'Admin' });
  await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
  expert = await signUpExpert(t, { name: 'Vera Video' });
  booking = await book(videoBooking(expert.expertId, nextWeekday(1, 2), '9:00 AM'));
  socketBase = await listen(t);
});
afterAll(() => t.close());

describe('GET /api/bookings/{id}/call', () => {
  it('answers 401 signed out, 404 to anyone but the two parties (and for a malformed id), 403 to an administrator', async () => {
    expect((await call(null)).statusCode).toBe(401);
    expect((await call(stranger)).statusCode).toBe(404);
    expect((await call(owner, 'not-a-booking')).statusCode).toBe(404);
    expect((await call(owner, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const forAdmin = await call(admin);
    expect(forAdmin.statusCode).toBe(403);
    expect(forAdmin.json().message).toBe(NOT_A_PARTY);
  });

  it('says the room waits for the expert while the booking is only requested', async () => {
    clock.set(new Date());
    const info: CallInfo = (await call(owner)).json();
    expect(info).toMatchObject({ role: 'owner', joinState: 'not-confirmed', otherPartyName: 'Vera Video', iceServers: [] });
    expect(info.message).toMatch(/^The expert has not confirmed this booking yet/);
  });

  it('opens the room 10 minutes before the start and closes it 30 minutes after the scheduled end, by the booking clock', async () => {
    expect((await http.post(expert, `/api/bookings/${booking.id}/confirm`)).statusCode).toBe(200);
    at(booking.startsAt, -10 * MINUTE - 1);
    const early: CallInfo = (await call(owner)).json();
    expect(early).toMatchObject({ joinState: 'too-early', message: 'The room opens at 8:50 AM (10 minutes before the start).' });
    expect(early.opensAt).toBe(new Date(new Date(booking.startsAt).getTime() - 10 * MINUTE).toISOString());
    expect(early.serverNow).toBe(new Date(new Date(booking.startsAt).getTime() - 10 * MINUTE - 1).toISOString());

    at(booking.startsAt, -10 * MINUTE);
    expect((await call(owner)).json()).toMatchObject({ joinState: 'open', message: null, role: 'owner' });
    expect((await call(expert)).json()).toMatchObject({ joinState: 'open', role: 'expert', otherPartyName: 'Olive Owner' });

    at(booking.endsAt, 30 * MINUTE - 1);
    expect((await call(expert)).json()).toMatchObject({ joinState: 'open' });
    at(booking.endsAt, 30 * MINUTE);
    const ended: CallInfo = (await call(expert)).json();
    expect(ended).toMatchObject({ joinState: 'ended', message: 'This consultation has ended. The call room closes 30 minutes after the scheduled end.' });
  });

  it('says an onsite booking has no call room and a cancelled one has no call', async () => {
    clock.set(new Date());
    const onsite = await book(onsiteBooking(expert.expertId, nextWeekday(2, 2), '9:00 AM'));
    expect((await call(owner, onsite.id)).json()).toMatchObject({ joinState: 'not-video', message: 'This is an onsite service visit, not a video consultation, so it has no call room.' });
    const cancelled = await book(videoBooking(expert.expertId, nextWeekday(3, 2), '10:00 AM'));
    expect((await http.post(owner, `/api/bookings/${cancelled.id}/cancel`, { reason: 'Fixed it myself' })).statusCode).toBe(200);
    at(cancelled.startsAt, -5 * MINUTE);
    expect((await call(owner, cancelled.id)).json()).toMatchObject({ joinState: 'cancelled', message: 'This booking was cancelled, so there is no call to join.' });
  });

  it("lists the caller's confirmed video calls whose room has not closed, for the owner and the expert", async () => {
    at(booking.startsAt, -30 * MINUTE);
    const forOwner: CallSummary[] = (await http.get(owner, '/api/calls')).json();
    expect(forOwner.map((c) => [c.bookingId, c.role, c.joinState])).toEqual([[booking.id, 'owner', 'too-early']]);
    const forExpert: CallSummary[] = (await http.get(expert, '/api/calls')).json();
    expect(forExpert.map((c) => [c.bookingId, c.role])).toEqual([[booking.id, 'expert']]);
    expect((await http.get(stranger, '/api/calls')).json()).toEqual([]);
    expect((await http.get(null, '/api/calls')).statusCode).toBe(401);
    at(booking.endsAt, 31 * MINUTE);
    expect((await http.get(owner, '/api/calls')).json()).toEqual([]);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths['/api/bookings/{id}/call'].get).toBeDefined();
    expect(doc.paths['/api/calls'].get).toBeDefined();
  });
});

describe('the call signalling socket', () => {
  it('refuses before the upgrade: signed out 401, a third user 404, an administrator 403, outside the window 409 with why', async () => {
    at(booking.startsAt, 0);
    expect((await refused(null)).status).toBe(401);
    expect(await refused(stranger)).toEqual({ status: 404, message: 'Booking not found' });
    expect(await refused(admin)).toEqual({ status: 403, message: NOT_A_PARTY });
    at(booking.startsAt, -11 * MINUTE);
    expect(await refused(owner)).toEqual({ status: 409, message: 'The room opens at 8:50 AM (10 minutes before the start).' });
    at(booking.endsAt, 30 * MINUTE);
    expect(await refused(expert)).toEqual({ status: 409, message: 'This consultation has ended. The call room closes 30 minutes after the scheduled end.' });
    const wrongOrigin = await refusedUpgrade(`${socketBase}/api/bookings/${booking.id}/call/live`, { origin: 'https://evil.example', cookie: owner.cookie });
    expect(wrongOrigin.status).toBe(403);
  });

  it('relays descriptions, candidates and media states between the two parties, and says when one leaves', async () => {
    at(booking.startsAt, -5 * MINUTE);
    const ownerSocket = await join(owner);
    const ownerWelcome = await next(ownerSocket, 'welcome');
    expect(ownerWelcome.role).toBe('owner');
    const expertSocket = await join(expert);
    const expertWelcome = await next(expertSocket, 'welcome');
    // Each learns the other is in: the newcomer from the one already there, and the other way round.
    expect((await next(ownerSocket, 'peer')).peer).toMatchObject({ peerId: expertWelcome.peerId, role: 'expert', name: 'Vera Video' });
    expect((await next(expertSocket, 'peer')).peer).toMatchObject({ peerId: ownerWelcome.peerId, role: 'owner', name: 'Olive Owner' });

    const offer = { type: 'offer', sdp: 'v=0\r\n' + 'a=x\r\n'.repeat(2_000) };
    ownerSocket.send(JSON.stringify({ type: 'signal', to: expertWelcome.peerId, description: offer }));
    expect(await next(expertSocket, 'signal')).toEqual({ type: 'signal', from: ownerWelcome.peerId, description: offer });
    const candidate = { candidate: 'candidate:1 1 udp 2122260223 192.168.1.5 54321 typ host', sdpMid: '0', sdpMLineIndex: 0 };
    expertSocket.send(JSON.stringify({ type: 'signal', to: ownerWelcome.peerId, candidate }));
    expect(await next(ownerSocket, 'signal')).toEqual({ type: 'signal', from: expertWelcome.peerId, candidate });

    ownerSocket.send(JSON.stringify({ type: 'media', media: { audio: false, video: true, screen: false } }));
    expect(await next(expertSocket, 'peer-media')).toEqual({ type: 'peer-media', peerId: ownerWelcome.peerId, media: { audio: false, video: true, screen: false } });

    // A signal to a peer not in the room reaches no one (the next one delivered is the next one sent to the
    // expert); a malformed one is answered with an error, and the socket stays.
    ownerSocket.send(JSON.stringify({ type: 'signal', to: '00000000-0000-4000-8000-000000000000', candidate: { ...candidate, sdpMid: 'stray' } }));
    ownerSocket.send(JSON.stringify({ type: 'signal', to: expertWelcome.peerId, candidate }));
    expect(await next(expertSocket, 'signal')).toEqual({ type: 'signal', from: ownerWelcome.peerId, candidate });
    ownerSocket.send(JSON.stringify({ type: 'signal', to: expertWelcome.peerId }));
    expect(await next(ownerSocket, 'error')).toEqual({ type: 'error', message: 'A signal carries a description or a candidate.' });

    ownerSocket.close();
    expect(await next(expertSocket, 'peer-left')).toEqual({ type: 'peer-left', peerId: ownerWelcome.peerId });
    expertSocket.close();
    await closed(expertSocket);
  });

  it('keeps only the newest socket of one person: joining again from another window closes the first', async () => {
    at(booking.startsAt, 0);
    const first = await join(owner);
    await next(first, 'welcome');
    const second = await join(owner);
    await next(second, 'welcome');
    expect(await closed(first)).toEqual({ code: CALL_CLOSE_REPLACED, reason: 'You joined this call from another window.' });
    second.close();
    await closed(second);
  });

  it('closes an open socket when the window ends or the booking is cancelled, saying why (on the room heartbeat)', async () => {
    at(booking.startsAt, 0);
    const socket = await join(expert);
    await next(socket, 'welcome');
    at(booking.endsAt, 30 * MINUTE);
    expect(await closed(socket)).toEqual({ code: CALL_CLOSE_NOT_ADMITTED, reason: 'This consultation has ended. The call room closes 30 minutes after the scheduled end.' });

    clock.set(new Date());
    const soon = await book(videoBooking(expert.expertId, nextWeekday(4, 2), '11:00 AM'));
    expect((await http.post(expert, `/api/bookings/${soon.id}/confirm`)).statusCode).toBe(200);
    at(soon.startsAt, -5 * MINUTE);
    const waiting = await join(owner, socketBase, soon.id);
    await next(waiting, 'welcome');
    expect((await http.post(expert, `/api/bookings/${soon.id}/cancel`, { reason: 'Called away to a haul-out' })).statusCode).toBe(200);
    expect(await closed(waiting)).toEqual({ code: CALL_CLOSE_NOT_ADMITTED, reason: 'This booking was cancelled, so there is no call to join.' });
  });

  // Only PostgreSQL has other app servers (PGlite is one process); not a skipped test on PGlite, no test.
  if (process.env.TEST_DB === 'postgres') it('relays between the two parties when each is connected to a different app server', async () => {
    const peer = await createPeerApp(t, { now: clock.now, callRoomHeartbeatMs: 200 });
    try {
      const peerBase = await listen(peer);
      at(booking.startsAt, 0);
      const ownerSocket = await join(owner, socketBase);
      const ownerWelcome = await next(ownerSocket, 'welcome');
      const expertSocket = await join(expert, peerBase);
      const expertWelcome = await next(expertSocket, 'welcome');
      expect((await next(ownerSocket, 'peer')).peer).toMatchObject({ peerId: expertWelcome.peerId, role: 'expert' });
      expect((await next(expertSocket, 'peer')).peer).toMatchObject({ peerId: ownerWelcome.peerId, role: 'owner' });
      const offer = { type: 'offer', sdp: 'v=0\r\n' + 'a=y\r\n'.repeat(3_000) };
      ownerSocket.send(JSON.stringify({ type: 'signal', to: expertWelcome.peerId, description: offer }));
      expect(await next(expertSocket, 'signal')).toEqual({ type: 'signal', from: ownerWelcome.peerId, description: offer });
      const answer = { type: 'answer', sdp: 'v=0\r\n' };
      expertSocket.send(JSON.stringify({ type: 'signal', to: ownerWelcome.peerId, description: answer }));
      expect(await next(ownerSocket, 'signal')).toEqual({ type: 'signal', from: expertWelcome.peerId, description: answer });
      expertSocket.close();
      expect(await next(ownerSocket, 'peer-left')).toEqual({ type: 'peer-left', peerId: expertWelcome.peerId });
      ownerSocket.close();
      await closed(ownerSocket);
    } finally {
      await peer.close();
    }
  });
});
