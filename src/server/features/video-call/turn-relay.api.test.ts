import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../test/test-app.js';
import { postBooking, videoBooking } from '../../test/booking-helpers.js';
import { nextWeekday, requester, signUpExpert, type ExpertAccount } from '../../test/workspace-helpers.js';
import type { Booking } from '../../../common/bookings.js';
import type { CallInfo, IceServer } from '../../../common/video-call.js';

const MINUTE = 60_000;
const TURN_URLS = ['turn:turn.example.com:3478?transport=udp', 'turns:turn.example.com:5349'];
const TURN_SECRET = 'the-relay-static-auth-secret-42-chars-long';
const STUN = 'stun:stun.example.com:3478';

const clock = (() => {
  let current = new Date();
  return { now: () => current, set: (to: Date) => (current = to) };
})();
let t: TestApp;
let http: ReturnType<typeof requester>;
let owner: TestUser;
let expert: ExpertAccount;
let booking: Booking;

const at = (iso: string, offsetMs: number) => clock.set(new Date(new Date(iso).getTime() + offsetMs));
const callInfo = async (user: TestUser): Promise<CallInfo> => (await http.get(user, `/api/bookings/${booking.id}/call`)).json();
const relayOf = (info: CallInfo) => info.iceServers.filter((server) => server.username !== undefined);

beforeAll(async () => {
  t = await createTestApp({ TURN_URLS: TURN_URLS.join(','), TURN_SECRET, ICE_SERVERS: STUN }, { now: clock.now });
  http = requester(t);
  owner = await signUp(t.app, { firstName: 'Rhea', lastName: 'Relay' });
  expert = await signUpExpert(t, { name: 'Tomas Turn' });
  const response = await postBooking(t.app, owner, videoBooking(expert.expertId, nextWeekday(1, 2), '9:00 AM'));
  expect(response.statusCode, response.body).toBe(201);
  booking = response.json();
  expect((await http.post(expert, `/api/bookings/${booking.id}/confirm`)).statusCode).toBe(200);
});
afterAll(() => t.close());

describe('GET /api/bookings/{id}/call with a TURN relay', () => {
  it('answers the static servers and the relay with credentials of this call, which the shared secret verifies', async () => {
    at(booking.startsAt, -5 * MINUTE);
    const info = await callInfo(owner);
    expect(info.joinState).toBe('open');
    expect(info.iceServers[0]).toEqual({ urls: STUN });
    const [relay, ...more] = relayOf(info) as Required<IceServer>[];
    expect(more).toEqual([]);
    expect(relay!.urls).toEqual(TURN_URLS);
    const [expiry, name] = relay!.username.split(':');
    expect(name).toBe(booking.id);
    // An hour after the room closes, 30 minutes after the scheduled end.
    expect(Number(expiry) * 1000).toBe(new Date(booking.endsAt).getTime() + 30 * MINUTE + 60 * MINUTE);
    expect(relay!.credential).toBe(createHmac('sha1', TURN_SECRET).update(relay!.username).digest('base64'));
  });

  it('gives the same credentials all through the call, to both parties, and none once the room has closed', async () => {
    at(booking.startsAt, 0);
    const first = relayOf(await callInfo(owner));
    at(booking.endsAt, 29 * MINUTE);
    expect(relayOf(await callInfo(expert))).toEqual(first);
    at(booking.endsAt, 30 * MINUTE);
    const ended = await callInfo(owner);
    expect(ended.joinState).toBe('ended');
    expect(ended.iceServers).toEqual([{ urls: STUN }]);
  });

  it('gives none before the room opens', async () => {
    at(booking.startsAt, -11 * MINUTE);
    const early = await callInfo(owner);
    expect(early.joinState).toBe('too-early');
    expect(early.iceServers).toEqual([{ urls: STUN }]);
  });
});
