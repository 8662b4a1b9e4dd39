import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { asUser, cookieHeader, createTestApp, nextClientAddress, ORIGIN, signUp, type TestApp, type TestUser } from '../../test/test-app.js';
import { startFakePushService, type FakeDevice, type FakePushService } from '../../test/fake-push-service.js';
import { pushSubscriptions, users } from '../../db/schema.js';
import { AUTH_INVALID, ENDPOINT_NOT_HTTPS, ENDPOINT_NOT_PUBLIC, MAX_PUSH_DEVICES, P256DH_INVALID } from '../../../common/push.js';
import type { PushMessage } from '../../../common/notifications.js';
import { pushJobs, pushSender, PUSH_TO_DEVICE_QUEUE, type PushToDevice } from './push-job.js';
import { resolveVapidKeys } from './vapid-keys.js';
import { signUpExpert } from '../../test/workspace-helpers.js';
import { daysAhead, postBooking, videoBooking } from '../../test/booking-helpers.js';

let t: TestApp;
let peer: FakePushService;
let pushToDevice: ReturnType<typeof pushSender>;

beforeAll(async () => {
  t = await createTestApp({ ALLOW_PRIVATE_PUSH_ENDPOINTS: 'true' });
  const publicKey = (await t.app.inject({ method: 'GET', url: '/api/push/public-key' })).json().publicKey as string;
  peer = await startFakePushService(publicKey);
  pushToDevice = pushSender({ db: t.app.db, jobs: t.app.jobs, vapid: resolveVapidKeys(t.config), allowPrivate: true, log: t.app.log });
});

afterAll(async () => {
  await t?.close();
  await peer?.close();
});

const subscribe = (user: TestUser | null, body: unknown) =>
  t.app.inject(asUser(user, { method: 'POST', url: '/api/push/subscriptions', payload: body as object }));
const unsubscribe = (user: TestUser | null, endpoint: string) =>
  t.app.inject(asUser(user, { method: 'DELETE', url: '/api/push/subscriptions', payload: { endpoint } }));
const rowOf = async (endpoint: string) => (await t.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)))[0];
const devicesOf = (userId: string) => t.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

async function subscribedDevice(user: TestUser): Promise<FakeDevice> {
  const device = peer.newDevice();
  const response = await subscribe(user, device.subscription);
  expect(response.statusCode, response.body).toBe(204);
  return device;
}

const message: PushMessage = { title: 'Booking confirmed', body: 'Dana Reyes confirmed Tuesday 10:00.', path: '/bookings/abc', tag: 'booking-abc' };

/** A device job as the user job makes it, for a test that runs one push itself. */
const deviceJob = (subscriptionId: number, overrides: Partial<PushToDevice> = {}): PushToDevice => ({
  subscriptionId,
  message,
  urgency: 'normal',
  topic: 'booking-abc',
  expiresAt: new Date(Date.now() + 3600_000).toISOString(),
  retries: 0,
  ...overrides,
});

/** The retries queued for a device, read and removed, so no worker sends them while later tests run. */
async function takeQueuedRetries(subscriptionId: number) {
  const { rows } = await t.app.database.executeSql(
    `delete from pgboss.job where name = $1 and (data->>'subscriptionId')::int = $2 and state = 'created'
      returning data, start_after as "startAfter", now() as "now"`,
    [PUSH_TO_DEVICE_QUEUE, subscriptionId],
  );
  return rows as { data: PushToDevice; startAfter: Date; now: Date }[];
}

describe('GET /api/push/public-key', () => {
  it('answers the VAPID public key to anyone, the one kept in DATA_DIR', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/push/public-key' });
    expect(response.statusCode).toBe(200);
    expect(response.json().publicKey).toBe(resolveVapidKeys(t.config).publicKey);
    expect(Buffer.from(response.json().publicKey, 'base64url')).toHaveLength(65);
  });
});

describe('POST /api/push/subscriptions', () => {
  it('stores the device for the signed-in user and the session it was made in', async () => {
    const owner = await signUp(t.app);
    const device = await subscribedDevice(owner);
    const row = await rowOf(device.subscription.endpoint);
    expect(row).toMatchObject({ userId: owner.id, p256dh: device.subscription.keys.p256dh, auth: device.subscription.keys.auth, lastSuccessAt: null });
    const [session] = (await t.app.database.executeSql('select id from sessions where user_id = $1', [owner.id])).rows as { id: string }[];
    expect(row!.sessionId).toBe(session!.id);
  });

  it('answers 401 to a signed-out caller', async () => {
    const response = await subscribe(null, peer.newDevice().subscription);
    expect(response.statusCode).toBe(401);
  });

  it('moves an endpoint already stored to the account that subscribes it now', async () => {
    const first = await signUp(t.app);
    const second = await signUp(t.app);
    const device = await subscribedDevice(first);
    expect((await subscribe(second, device.subscription)).statusCode).toBe(204);
    expect((await rowOf(device.subscription.endpoint))!.userId).toBe(second.id);
    expect(await devicesOf(first.id)).toEqual([]);
    // The first account cannot remove it now: 204, and the row stays.
    expect((await unsubscribe(first, device.subscription.endpoint)).statusCode).toBe(204);
    expect(await rowOf(device.subscription.endpoint)).toBeDefined();
  });

  it(`keeps ${MAX_PUSH_DEVICES} devices: an eleventh replaces the least recently used`, async () => {
    const owner = await signUp(t.app);
    const devices: FakeDevice[] = [];
    for (let i = 0; i < MAX_PUSH_DEVICES + 1; i += 1) devices.push(await subscribedDevice(owner));
    const kept = (await devicesOf(owner.id)).map((row) => row.endpoint).sort();
    expect(kept).toEqual(devices.slice(1).map((d) => d.subscription.endpoint).sort());
  });

  it.each([
    ['an http endpoint', 'http://push.example.com/x', ENDPOINT_NOT_HTTPS],
    ['not an address', 'push service', ENDPOINT_NOT_HTTPS],
    ['an address with credentials', 'https://user:pw@push.example.com/x', ENDPOINT_NOT_HTTPS],
    ['localhost', 'https://localhost/push', ENDPOINT_NOT_PUBLIC],
    ['a name under localhost', 'https://push.localhost/push', ENDPOINT_NOT_PUBLIC],
    ['a name without a domain', 'https://printer/push', ENDPOINT_NOT_PUBLIC],
    ['loopback over https', 'https://127.0.0.1/push', ENDPOINT_NOT_PUBLIC],
    ['a private address', 'https://10.1.2.3/push', ENDPOINT_NOT_PUBLIC],
    ['a private address', 'https://192.168.0.10/push', ENDPOINT_NOT_PUBLIC],
    ['the cloud metadata address', 'https://169.254.169.254/latest', ENDPOINT_NOT_PUBLIC],
    ['IPv6 loopback', 'https://[::1]/push', ENDPOINT_NOT_PUBLIC],
    ['an IPv6 unique-local address', 'https://[fd00::5]/push', ENDPOINT_NOT_PUBLIC],
    ['an IPv4-mapped private address', 'https://[::ffff:10.0.0.1]/push', ENDPOINT_NOT_PUBLIC],
    ['http on another port of a private host', 'http://10.0.0.1:8080/push', ENDPOINT_NOT_HTTPS],
  ])('refuses %s (%s) with 400', async (_what, endpoint, expected) => {
    const owner = await signUp(t.app);
    const { keys } = peer.newDevice().subscription;
    const response = await subscribe(owner, { endpoint, keys });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(expected);
  });

  it('accepts a public push service address', async () => {
    const owner = await signUp(t.app);
    const { keys } = peer.newDevice().subscription;
    const response = await subscribe(owner, { endpoint: 'https://fcm.googleapis.com/fcm/send/abc123', keys, expirationTime: null });
    expect(response.statusCode).toBe(204);
  });

  it.each([
    ['a short p256dh', { p256dh: 'BAAA', auth: 'AAAAAAAAAAAAAAAAAAAAAA' }, P256DH_INVALID],
    ['a compressed p256dh', { p256dh: `A${'A'.repeat(86)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' }, P256DH_INVALID],
    ['a p256dh off the curve', { p256dh: `B${'A'.repeat(86)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' }, P256DH_INVALID],
    ['a long auth', { auth: 'A'.repeat(30) }, AUTH_INVALID],
    ['an auth that is not base64url', { auth: '++++++++++++++++++++++' }, AUTH_INVALID],
  ])('refuses %s with 400', async (_what, keys, expected) => {
    const owner = await signUp(t.app);
    const device = peer.newDevice().subscription;
    const response = await subscribe(owner, { endpoint: device.endpoint, keys: { ...device.keys, ...keys } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(expected);
  });

  it('refuses a body without keys', async () => {
    const owner = await signUp(t.app);
    const response = await subscribe(owner, { endpoint: peer.newDevice().subscription.endpoint });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/keys/);
  });
});

describe('DELETE /api/push/subscriptions', () => {
  it("deletes the caller's device", async () => {
    const owner = await signUp(t.app);
    const device = await subscribedDevice(owner);
    expect((await unsubscribe(owner, device.subscription.endpoint)).statusCode).toBe(204);
    expect(await rowOf(device.subscription.endpoint)).toBeUndefined();
  });

  it("answers 204 for someone else's device and leaves it", async () => {
    const owner = await signUp(t.app);
    const stranger = await signUp(t.app);
    const device = await subscribedDevice(owner);
    expect((await unsubscribe(stranger, device.subscription.endpoint)).statusCode).toBe(204);
    expect(await rowOf(device.subscription.endpoint)).toBeDefined();
  });

  it('answers 401 to a signed-out caller', async () => {
    expect((await unsubscribe(null, 'https://fcm.googleapis.com/fcm/send/abc')).statusCode).toBe(401);
  });
});

describe('the end of a session ends its device', () => {
  it('signing out deletes the device subscribed in that session', async () => {
    const owner = await signUp(t.app);
    const device = await subscribedDevice(owner);
    const out = await t.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie: owner.cookie, 'sec-fetch-site': 'same-origin' } });
    expect(out.statusCode).toBe(302);
    expect(await rowOf(device.subscription.endpoint)).toBeUndefined();
  });

  it("'Sign out of other sessions' deletes the other sessions' devices and keeps this one's", async () => {
    const owner = await signUp(t.app);
    const phone = await subscribedDevice(owner);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: ORIGIN,
      remoteAddress: nextClientAddress(),
      payload: { email: owner.email, password: owner.password },
    });
    const laptop = { ...owner, cookie: cookieHeader(signIn.headers['set-cookie']) };
    const laptopDevice = await subscribedDevice(laptop);
    const revoke = await t.app.inject(asUser(laptop, { method: 'POST', url: '/api/auth/revoke-other-sessions', payload: {} }));
    expect(revoke.statusCode).toBe(200);
    expect(await rowOf(phone.subscription.endpoint)).toBeUndefined();
    expect(await rowOf(laptopDevice.subscription.endpoint)).toBeDefined();
  });
});

describe('the push job', () => {
  it("delivers the message, encrypted for the device and signed with the server's key, to every device", async () => {
    const owner = await signUp(t.app);
    const phone = await subscribedDevice(owner);
    const tablet = await subscribedDevice(owner);
    await t.app.jobs.insert(t.app.db, await pushJobs(t.app.db, owner.id, message, { urgency: 'high', topic: 'booking-abc', ttlSeconds: 3600, key: 'every-device', now: new Date() }));
    for (const device of [phone, tablet]) {
      const delivery = await peer.delivered(device.subscription.endpoint);
      expect(JSON.parse(delivery.payload)).toEqual(message);
      expect(delivery).toMatchObject({ urgency: 'high', topic: 'booking-abc', status: 201 });
      expect(Number(delivery.ttl)).toBeGreaterThan(3500);
      expect(Number(delivery.ttl)).toBeLessThanOrEqual(3600);
      expect(delivery.claims.aud).toBe(peer.url);
      expect(delivery.claims.sub).toMatch(/^mailto:/);
    }
    expect(peer.rejections.filter((r) => r.endpoint === phone.subscription.endpoint)).toEqual([]);
  });

  it('hashes a topic that is not 32 characters of URL-safe base64 into one', async () => {
    const owner = await signUp(t.app);
    const device = await subscribedDevice(owner);
    const topic = 'booking:0b6c1e1e-8a63-4d8e-9f57-3f1c9d0e2a11';
    await t.app.jobs.insert(t.app.db, await pushJobs(t.app.db, owner.id, message, { urgency: 'normal', topic, ttlSeconds: 60, key: 'hashed-topic', now: new Date() }));
    const delivery = await peer.delivered(device.subscription.endpoint);
    expect(delivery.topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(delivery.urgency).toBe('normal');
  });

  it.each([410, 404] as const)('deletes the subscription when the push service answers %i', async (status) => {
    const owner = await signUp(t.app);
    const device = await subscribedDevice(owner);
    peer.answer(device.subscription.endpoint, { status });
    const row = await rowOf(device.subscription.endpoint);
    await pushToDevice(deviceJob(row!.id), new Date());
    expect(peer.deliveries.filter((d) => d.endpoint === device.subscription.endpoint)).toHaveLength(1);
    expect(await rowOf(device.subscription.endpoint)).toBeUndefined();
    expect(await takeQueuedRetries(row!.id)).toEqual([]);
  });

  it('retries after the Retry-After a 429 asks for, and then delivers', async () => {
    const owner = await signUp(t.app);
    const device = await subscribedDevice(owner);
    const row = await rowOf(device.subscription.endpoint);
    peer.answer(device.subscription.endpoint, { status: 429, retryAfter: 120 });
    const now = new Date();
    await pushToDevice(deviceJob(row!.id), now);
    const [retry, ...more] = await takeQueuedRetries(row!.id);
    expect(more).toEqual([]);
    expect(retry!.data).toMatchObject({ subscriptionId: row!.id, retries: 1, message });
    expect(new Date(retry!.startAfter).getTime()).toBe(now.getTime() + 120_000);

    peer.answer(device.subscription.endpoint, null);
    await pushToDevice(retry!.data, new Date(now.getTime() + 120_000));
    const delivered = await peer.delivered(device.subscription.endpoint, 2);
    expect(delivered.status).toBe(201);
    expect(JSON.parse(delivered.payload)).toEqual(message);
    expect((await rowOf(device.subscription.endpoint))!.lastSuccessAt).not.toBeNull();
  });

  it('retries a 503 with a doubling wait, and gives up after the last retry', async () => {
    const owner = await signUp(t.app);
    const device = await subscribedDevice(owner);
    const row = await rowOf(device.subscription.endpoint);
    peer.answer(device.subscription.endpoint, { status: 503 });
    const now = new Date();
    await pushToDevice(deviceJob(row!.id, { retries: 2 }), now);
    const [retry] = await takeQueuedRetries(row!.id);
    expect(retry!.data.retries).toBe(3);
    expect(new Date(retry!.startAfter).getTime()).toBe(now.getTime() + 40_000);

    await pushToDevice(deviceJob(row!.id, { retries: 5 }), now);
    expect(await takeQueuedRetries(row!.id)).toEqual([]);
    expect(await rowOf(device.subscription.endpoint)).toBeDefined();
  });

  it('drops a push whose time to live has passed while it waited', async () => {
    const owner = await signUp(t.app);
    const device = await subscribedDevice(owner);
    const row = await rowOf(device.subscription.endpoint);
    await pushToDevice(deviceJob(row!.id, { expiresAt: new Date(Date.now() - 1000).toISOString() }), new Date());
    expect(peer.deliveries.filter((d) => d.endpoint === device.subscription.endpoint)).toEqual([]);
  });

  it('sends nothing to a deactivated or deleted account, checked as the push leaves', async () => {
    for (const change of [{ status: 'inactive' as const }, { deletedAt: new Date() }]) {
      const owner = await signUp(t.app);
      const device = await subscribedDevice(owner);
      const row = await rowOf(device.subscription.endpoint);
      // Made inactive without its sessions ending (as a script might): the job's own check is what holds.
      await t.app.db.update(users).set(change).where(eq(users.id, owner.id));
      expect(await pushJobs(t.app.db, owner.id, message, { urgency: 'high', topic: 't', ttlSeconds: 60, key: `closed-${owner.id}`, now: new Date() })).toEqual([]);
      await pushToDevice(deviceJob(row!.id), new Date());
      expect(peer.deliveries.filter((d) => d.endpoint === device.subscription.endpoint)).toEqual([]);
    }
  });

  it('sends nothing to a device whose session has expired', async () => {
    const owner = await signUp(t.app);
    const device = await subscribedDevice(owner);
    const row = await rowOf(device.subscription.endpoint);
    await t.app.db.execute(sql`update sessions set expires_at = now() - interval '1 minute' where id = ${row!.sessionId}`);
    await pushToDevice(deviceJob(row!.id), new Date());
    expect(peer.deliveries.filter((d) => d.endpoint === device.subscription.endpoint)).toEqual([]);
  });
});

describe('the notification centre by push', () => {
  it('pushes once however often the round that sends a notification on is run again', async () => {
    const expert = await signUpExpert(t, { instantBooking: false, videoRateCents: 5000 });
    const device = await subscribedDevice(expert);
    const owner = await signUp(t.app);
    const toDevice = () => peer.deliveries.filter((d) => d.endpoint === device.subscription.endpoint && d.status === 201);
    expect((await postBooking(t.app, owner, videoBooking(expert.expertId, daysAhead(6)))).statusCode).toBe(201);
    await expect.poll(() => toDevice().length).toBe(1);
    const { rows } = await t.app.database.executeSql('select id from notifications where user_id = $1', [expert.id]);
    const ids = (rows as { id: number }[]).map((row) => row.id);
    expect(ids).toHaveLength(1);
    // As a retry after the round enqueued its pushes, but before it was marked done, would.
    await t.app.jobs.runNow('notification-channels', { ids });
    await t.app.jobs.runNow('notification-channels', { ids });
    await expect
      .poll(async () => {
        const queued = await t.app.database.executeSql(`select count(*)::int as n from pgboss.job where name in ('notification-channels', $1) and state <> 'completed'`, [PUSH_TO_DEVICE_QUEUE]);
        return (queued.rows[0] as { n: number }).n;
      })
      .toBe(0);
    expect(toDevice()).toHaveLength(1);
  });

  it("pushes a new request to the expert's device, urgent and replaceable, and nothing once push is turned off", async () => {
    const expert = await signUpExpert(t, { instantBooking: false, videoRateCents: 5000 });
    const device = await subscribedDevice(expert);
    const owner = await signUp(t.app, { firstName: 'Pia', lastName: 'Owner' });
    const toDevice = () => peer.deliveries.filter((d) => d.endpoint === device.subscription.endpoint && d.status === 201);

    const booked = await postBooking(t.app, owner, videoBooking(expert.expertId, daysAhead(4)));
    expect(booked.statusCode, booked.body).toBe(201);
    await expect.poll(() => toDevice().length).toBe(1);
    const [push] = toDevice();
    expect(JSON.parse(push!.payload)).toMatchObject({ title: `New booking request #${booked.json().number}`, path: '/workspace' });
    expect(push!.urgency).toBe('high');
    // A day at the push service, less the moment the job took.
    expect(Number(push!.ttl)).toBeGreaterThan(23 * 3600);
    expect(push!.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);

    const off = await t.app.inject(
      asUser(expert, { method: 'PUT', url: '/api/notification-preferences', payload: { preferences: [{ kind: 'booking_requested', email: true, push: false, text: true }] } }),
    );
    expect(off.statusCode, off.body).toBe(200);
    expect((await postBooking(t.app, owner, videoBooking(expert.expertId, daysAhead(5)))).statusCode).toBe(201);
    await expect
      .poll(async () => {
        const { rows } = await t.app.database.executeSql(`select count(*)::int as n from pgboss.job where name in ('notification-channels', $1) and state <> 'completed'`, [PUSH_TO_DEVICE_QUEUE]);
        return (rows[0] as { n: number }).n;
      })
      .toBe(0);
    expect(toDevice()).toHaveLength(1);
  });
});
