import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { createTestApp, signUp, TEST_BASE_URL, type TestApp, type TestUser } from '../../test/test-app.js';
import { movableClock } from '../../test/booking-helpers.js';
import { multipartBody, requester, signUpExpert, type ExpertAccount } from '../../test/workspace-helpers.js';
import { connectLive, nextMessage } from '../../test/live-client.js';
import { experts, helpRings, notifications, users } from '../../db/schema.js';
import { recordTogether } from '../video-call/index.js';
import {
  ANOTHER_EXPERT_TOOK_IT,
  FIRST_PRICE_MESSAGE,
  MINUTE_PRICE_MESSAGE,
  ONE_OPEN_REQUEST,
  REQUEST_NOT_OPEN,
  type CreateHelpRequest,
  type HelpRequest,
  type HelpRings,
} from '../../../common/help-now.js';
import { localMinutesOf } from '../../../common/zoned-time.js';
import { HELP_NOW_QUEUE } from './index.js';

const MINUTE = 60_000;
const clock = movableClock();
let t: TestApp;
let http: ReturnType<typeof requester>;
let admin: TestUser;
let stranger: TestUser;
let socketBase = '';

/** An approved expert, on call all day at these prices, seen just now. */
async function onCallExpert(overrides: Partial<typeof experts.$inferInsert> = {}, prices = { firstPrice: '45', minutePrice: '2.50' }): Promise<ExpertAccount> {
  const expert = await signUpExpert(t, overrides);
  const saved = await http.put(expert, '/api/workspace/on-call', { onCall: true, from: '00:00', to: '23:59', ...prices });
  expect(saved.statusCode, saved.body).toBe(200);
  await seen([expert]);
  return expert;
}

/** Marks experts active at the clock's now (the presence a page of theirs keeps). */
async function seen(accounts: ExpertAccount[]) {
  await t.database.db.update(experts).set({ lastSeenAt: clock.now() }).where(inArray(experts.id, accounts.map((a) => a.expertId)));
}

/** Nobody else is rung by a test's request: every expert made before is taken off call. */
async function offCallEveryone() {
  const { expertOnCall } = await import('../../db/schema.js');
  await t.database.db.update(expertOnCall).set({ onCall: false });
}

const request = (overrides: Partial<CreateHelpRequest> = {}): CreateHelpRequest => ({
  specialty: 'engines',
  problem: 'The engine stopped two miles out and will not restart.',
  boatId: null,
  location: { kind: 'place', marina: 'Harbor Marina', zipCode: '21403' },
  ...overrides,
});

async function ask(owner: TestUser, body: CreateHelpRequest = request()): Promise<HelpRequest> {
  const response = await http.post(owner, '/api/help-requests', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function rungExpertIds(requestId: string): Promise<number[]> {
  const rows = await t.database.db.select({ expertId: helpRings.expertId }).from(helpRings).where(eq(helpRings.requestId, requestId));
  return rows.map((r) => r.expertId).sort((a, b) => a - b);
}

const sweep = () => t.app.jobs.runNow(HELP_NOW_QUEUE, {});

beforeAll(async () => {
  t = await createTestApp({ SESSION_CACHE_SECONDS: '0' }, { now: clock.now });
  http = requester(t);
  admin = await signUp(t.app);
  await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
  stranger = await signUp(t.app);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  socketBase = `ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});

afterAll(async () => {
  await t?.close();
});

describe('an expert on call', () => {
  it('starts off call at their video rate, and saves the hours and prices within the bounds', async () => {
    const expert = await signUpExpert(t, { videoRateCents: 6000 });
    const first = await http.get(expert, '/api/workspace/on-call');
    expect(first.json()).toMatchObject({ onCall: false, from: '08:00', to: '18:00', firstPrice: '60.00', minutePrice: '2.00', ringableNow: false });
    const tooCheap = await http.put(expert, '/api/workspace/on-call', { onCall: true, from: '08:00', to: '18:00', firstPrice: '5', minutePrice: '2' });
    expect(tooCheap.statusCode).toBe(400);
    expect(tooCheap.json().errors.firstPrice).toBe(FIRST_PRICE_MESSAGE);
    const tooDear = await http.put(expert, '/api/workspace/on-call', { onCall: true, from: '08:00', to: '18:00', firstPrice: '50', minutePrice: '12' });
    expect(tooDear.json().errors.minutePrice).toBe(MINUTE_PRICE_MESSAGE);
    const overnight = await http.put(expert, '/api/workspace/on-call', { onCall: true, from: '22:00', to: '06:00', firstPrice: '50', minutePrice: '3' });
    expect(overnight.statusCode).toBe(200);
    expect(overnight.json()).toMatchObject({ onCall: true, from: '22:00', to: '06:00', firstPrice: '50.00', minutePrice: '3.00', timeZone: 'America/New_York' });
  });

  it('is for experts: 401 signed out, 403 for an owner', async () => {
    expect((await http.get(null, '/api/workspace/on-call')).statusCode).toBe(401);
    expect((await http.put(stranger, '/api/workspace/on-call', { onCall: true })).statusCode).toBe(403);
  });
});

describe('a Help now request', () => {
  it('rings the five best on-call experts who are online, within their hours and approved: the specialty first, then rating', async () => {
    await offCallEveryone();
    const owner = await signUp(t.app);
    const electricians = await Promise.all([4.9, 4.8, 4.7].map((rating) => onCallExpert({ specialty: 'electrical', rating: String(rating) })));
    const mechanics = await Promise.all([4.1, 4.2, 4.3].map((rating) => onCallExpert({ specialty: 'engines', rating: String(rating) })));
    const offline = await onCallExpert({ specialty: 'engines', rating: '5.00' });
    await t.database.db.update(experts).set({ lastSeenAt: new Date(clock.now().getTime() - 3 * MINUTE) }).where(eq(experts.id, offline.expertId));
    const pending = await onCallExpert({ specialty: 'engines', rating: '5.00', status: 'pending' });
    const asleep = await onCallExpert({ specialty: 'engines', rating: '5.00' });
    const local = localMinutesOf(clock.now(), 'America/New_York');
    const hhmm = (m: number) => `${String(Math.floor((m % 1440) / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    await http.put(asleep, '/api/workspace/on-call', { onCall: true, from: hhmm(local + 60), to: hhmm(local + 120), firstPrice: '45', minutePrice: '2.5' });
    const off = await onCallExpert({ specialty: 'engines', rating: '5.00' });
    await http.put(off, '/api/workspace/on-call', { onCall: false, from: '00:00', to: '23:59', firstPrice: '45', minutePrice: '2.5' });

    const price = await http.get(owner, '/api/help-requests/price?specialty=engines&zipCode=21403');
    expect(price.json()).toEqual({ expertsOnCall: 6, firstPriceFrom: '45.00', minutePriceFrom: '2.50' });

    const sent = await ask(owner);
    expect(sent).toMatchObject({ status: 'ringing', expertsRung: 5, bookingId: null });
    const rung = await rungExpertIds(sent.id);
    // The three mechanics (the specialty asked for), then the two best-rated electricians.
    expect(rung).toEqual([...mechanics.map((m) => m.expertId), electricians[0]!.expertId, electricians[1]!.expertId].sort((a, b) => a - b));
    for (const never of [offline, pending, asleep, off, electricians[2]!]) expect(rung).not.toContain(never.expertId);

    const [notice] = await t.database.db.select().from(notifications).where(and(eq(notifications.userId, mechanics[0]!.id), eq(notifications.kind, 'help_request')));
    expect(notice).toMatchObject({ title: 'Help now: Engine Repair, an owner needs you', path: `/workspace?help=${sent.id}` });
    expect(notice!.body).toContain('The engine stopped two miles out');

    await http.post(owner, `/api/help-requests/${sent.id}/cancel`);
  });

  it('rings the next five after 90 seconds, and expires after 5 minutes with nothing charged', async () => {
    await offCallEveryone();
    const owner = await signUp(t.app);
    const pool = [];
    for (let i = 0; i < 12; i += 1) pool.push(await onCallExpert({ specialty: 'engines', rating: (4 + i / 20).toFixed(2) }));
    const sent = await ask(owner);
    expect(sent.expertsRung).toBe(5);

    clock.advance(89 * 1000);
    await seen(pool);
    await sweep();
    expect((await rungExpertIds(sent.id)).length).toBe(5);

    clock.advance(2 * 1000);
    await seen(pool);
    await sweep();
    await sweep(); // a second run of the same round rings nobody twice
    const afterWidening = await http.get(owner, `/api/help-requests/${sent.id}`);
    expect(afterWidening.json()).toMatchObject({ status: 'ringing', expertsRung: 10 });

    clock.advance(3 * MINUTE);
    await seen(pool);
    await sweep();
    expect((await http.get(owner, `/api/help-requests/${sent.id}`)).json()).toMatchObject({ status: 'ringing', expertsRung: 12 });

    clock.advance(MINUTE);
    await sweep();
    const expired = (await http.get(owner, `/api/help-requests/${sent.id}`)).json();
    expect(expired).toMatchObject({ status: 'expired', bookingId: null });
    const late = await http.post(pool[0]!, `/api/help-requests/${sent.id}/accept`);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(REQUEST_NOT_OPEN);
  });

  it('is one at a time per owner, says so plainly when nobody is on call, and checks its input', async () => {
    await offCallEveryone();
    const owner = await signUp(t.app);
    const nobody = await ask(owner);
    expect(nobody).toMatchObject({ status: 'expired', expertsRung: 0 });
    expect((await http.get(owner, '/api/help-requests/price')).json()).toEqual({ expertsOnCall: 0, firstPriceFrom: null, minutePriceFrom: null });

    await onCallExpert();
    const first = await ask(owner);
    const second = await http.post(owner, '/api/help-requests', request());
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(ONE_OPEN_REQUEST);
    await http.post(owner, `/api/help-requests/${first.id}/cancel`);

    const offTheMap = await http.post(owner, '/api/help-requests', request({ location: { kind: 'position', latitude: 123, longitude: -72, accuracy: 10 } }));
    expect(offTheMap.statusCode).toBe(400);
    expect(offTheMap.json().message).toBe('The position is not valid');
    const noPlace = await http.post(owner, '/api/help-requests', { ...request(), location: undefined });
    expect(noPlace.statusCode).toBe(400);
    const tooLong = await http.post(owner, '/api/help-requests', request({ problem: 'x'.repeat(301) }));
    expect(tooLong.json().errors.problem).toMatch(/one sentence/);
    const strangersBoat = await http.post(owner, '/api/help-requests', request({ boatId: '00000000-0000-4000-8000-000000000000' }));
    expect(strangersBoat.statusCode).toBe(400);
    expect(strangersBoat.json().errors.boatId).toBe('We could not find that boat in My Boats');
  });

  it('takes a photo that is an image, and refuses one that is not', async () => {
    await offCallEveryone();
    const owner = await signUp(t.app);
    const expert = await onCallExpert();
    const sent = await ask(owner, request({ location: { kind: 'position', latitude: 38.9784, longitude: -76.4922, accuracy: 12 } }));
    const upload = (bytes: Buffer, filename: string) => {
      const { payload, headers } = multipartBody([{ name: 'photo', value: bytes, filename, type: 'image/jpeg' }]);
      return t.app.inject({ method: 'POST', url: `/api/help-requests/${sent.id}/photo`, payload, headers: { ...headers, cookie: owner.cookie, origin: TEST_BASE_URL } });
    };
    const text = await upload(Buffer.from('not a picture at all'), 'engine.jpg');
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe('Please select an image file');
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } }).png().toBuffer();
    const ok = await upload(png, 'engine.png');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().hasPhoto).toBe(true);
    expect((await http.get(expert, `/api/help-requests/${sent.id}/photo`)).headers['content-type']).toBe('image/jpeg');
    expect((await http.get(stranger, `/api/help-requests/${sent.id}/photo`)).statusCode).toBe(404);
    const rings = (await http.get(expert, '/api/help-rings')).json() as HelpRings;
    expect(rings.rings[0]).toMatchObject({ requestId: sent.id, hasPhoto: true, place: 'Within 12 m of 38.9784, -76.4922', firstPrice: '45.00', minutePrice: '2.50' });
    expect(rings.rings[0]!.distanceMiles).toBeLessThan(5);
    await http.post(owner, `/api/help-requests/${sent.id}/cancel`);
  });

  it('is the owner’s: another account gets 404, signed out 401, an owner cannot accept (403)', async () => {
    await offCallEveryone();
    const owner = await signUp(t.app);
    await onCallExpert();
    const sent = await ask(owner);
    expect((await http.get(stranger, `/api/help-requests/${sent.id}`)).statusCode).toBe(404);
    expect((await http.post(stranger, `/api/help-requests/${sent.id}/cancel`)).statusCode).toBe(404);
    expect((await http.get(null, `/api/help-requests/${sent.id}`)).statusCode).toBe(401);
    expect((await http.post(null, '/api/help-requests', request())).statusCode).toBe(401);
    expect((await http.post(owner, `/api/help-requests/${sent.id}/accept`)).statusCode).toBe(403);
    const notRung = await signUpExpert(t);
    expect((await http.post(notRung, `/api/help-requests/${sent.id}/accept`)).statusCode).toBe(404);
    expect((await http.get(owner, '/api/help-requests/not-a-uuid')).statusCode).toBe(404);
    await http.post(owner, `/api/help-requests/${sent.id}/cancel`);
  });
});

describe('answering a ring', () => {
  it('gives the call to exactly one of ten experts accepting at once; the nine others hear it was taken', async () => {
    await offCallEveryone();
    const owner = await signUp(t.app);
    const ten = [];
    for (let i = 0; i < 10; i += 1) ten.push(await onCallExpert());
    const sent = await ask(owner);
    clock.advance(91 * 1000);
    await seen(ten);
    await sweep();
    expect((await rungExpertIds(sent.id)).length).toBe(10);

    const answers = await Promise.all(ten.map((expert) => http.post(expert, `/api/help-requests/${sent.id}/accept`)));
    const won = answers.filter((a) => a.statusCode === 200);
    const lost = answers.filter((a) => a.statusCode === 409);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(9);
    for (const answer of lost) expect(answer.json().message).toBe(ANOTHER_EXPERT_TOOK_IT);

    const { bookingId } = won[0]!.json();
    const state = (await http.get(owner, `/api/help-requests/${sent.id}`)).json();
    expect(state).toMatchObject({ status: 'accepted', bookingId, firstPrice: '45.00', minutePrice: '2.50' });
    const booking = (await http.get(owner, `/api/bookings/${bookingId}`)).json();
    expect(booking).toMatchObject({ status: 'confirmed', serviceType: 'video' });
    const room = (await http.get(owner, `/api/bookings/${bookingId}/call`)).json();
    expect(room.joinState).toBe('open');
    for (const expert of ten) expect(((await http.get(expert, '/api/help-rings')).json() as HelpRings).rings).toEqual([]);
  });

  it('stops a ring on its live socket when another expert accepts, and a decline stops only one’s own', async () => {
    await offCallEveryone();
    const owner = await signUp(t.app);
    const [first, second, third] = [await onCallExpert(), await onCallExpert(), await onCallExpert()];
    const socket = await connectLive(`${socketBase}/api/help-rings/live`, { origin: TEST_BASE_URL, cookie: first!.cookie });
    expect(await nextMessage(socket)).toEqual({ rings: [] });
    const sent = await ask(owner);
    const ringing = (await nextMessage(socket)) as HelpRings;
    expect(ringing.rings.map((r) => r.requestId)).toEqual([sent.id]);

    const declined = await http.post(third!, `/api/help-requests/${sent.id}/decline`);
    expect(declined.statusCode).toBe(204);
    expect(((await http.get(third!, '/api/help-rings')).json() as HelpRings).rings).toEqual([]);
    // The decline changed the request: the others' list is sent again, still ringing.
    expect(((await nextMessage(socket)) as HelpRings).rings).toHaveLength(1);

    expect((await http.post(second!, `/api/help-requests/${sent.id}/accept`)).statusCode).toBe(200);
    expect(await nextMessage(socket)).toEqual({ rings: [] });
    socket.close();
    const again = await http.post(third!, `/api/help-requests/${sent.id}/decline`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ANOTHER_EXPERT_TOOK_IT);
  });

  it('is refused after the owner cancelled', async () => {
    await offCallEveryone();
    const owner = await signUp(t.app);
    const expert = await onCallExpert();
    const sent = await ask(owner);
    expect((await http.post(owner, `/api/help-requests/${sent.id}/cancel`)).json().status).toBe('cancelled');
    expect((await http.post(owner, `/api/help-requests/${sent.id}/cancel`)).statusCode).toBe(409);
    const late = await http.post(expert, `/api/help-requests/${sent.id}/accept`);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(REQUEST_NOT_OPEN);
  });
});

describe('the call’s invoice', () => {
  /** A request accepted, the two together in the room for `minutes` (null: never), then completed by the expert. */
  async function callOf(minutes: number | null, seconds = 0) {
    await offCallEveryone();
    const owner = await signUp(t.app);
    const expert = await onCallExpert({}, { firstPrice: '45', minutePrice: '2.50' });
    const sent = await ask(owner);
    const { bookingId } = (await http.post(expert, `/api/help-requests/${sent.id}/accept`)).json();
    if (minutes !== null) {
      const start = clock.now();
      await recordTogether(t.database.db, bookingId, start);
      await recordTogether(t.database.db, bookingId, new Date(start.getTime() + minutes * MINUTE + seconds * 1000));
    }
    clock.advance(40 * MINUTE);
    const completed = await http.post(expert, `/api/bookings/${bookingId}/complete`, {});
    expect(completed.statusCode, completed.body).toBe(200);
    return (await http.get(owner, `/api/bookings/${bookingId}/invoice`)).json().invoice;
  }

  it('charges the first 15 minutes for a 7-minute call', async () => {
    const invoice = await callOf(7, 40);
    expect(invoice).toMatchObject({ total: '45.00', status: 'open' });
    expect(invoice.lines).toHaveLength(1);
  });

  it('charges each whole minute after the first 15 of a 23-minute call, the part minute not at all', async () => {
    const invoice = await callOf(23, 59);
    expect(invoice.total).toBe('65.00');
    expect(invoice.lines.map((l: { quantity: number }) => l.quantity)).toEqual([1, 8]);
  });

  it('charges nothing for a call that never connected, and asks for no payment', async () => {
    const invoice = await callOf(null);
    expect(invoice).toMatchObject({ total: '0.00', status: 'paid' });
  });
});

describe('for administrators', () => {
  it('lists the requests with who accepted and how fast, and counts them on /metrics', async () => {
    const list = await http.get(admin, '/api/admin/help-requests');
    expect(list.statusCode).toBe(200);
    const accepted = (list.json() as { status: string; secondsToAccept: number | null; expertName: string | null; expertsRung: number }[]).filter((r) => r.status === 'accepted');
    expect(accepted.length).toBeGreaterThan(0);
    for (const row of accepted) {
      expect(row.secondsToAccept).not.toBeNull();
      expect(row.expertName).not.toBeNull();
    }
    expect((await http.get(stranger, '/api/admin/help-requests')).statusCode).toBe(403);
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(metrics.body).toMatch(/help_requests_total\{outcome="accepted"\} [1-9]/);
    expect(metrics.body).toMatch(/help_request_accept_seconds_count [1-9]/);
  });
});
