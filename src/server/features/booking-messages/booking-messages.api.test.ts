import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type WebSocket from 'ws';
import { asUser, createPeerApp, createTestApp, ORIGIN, signUp, type TestApp, type TestUser } from '../../test/test-app.js';
import { daysAhead, postBooking, videoBooking } from '../../test/booking-helpers.js';
import { multipartBody, requester, signUpExpert, type ExpertAccount } from '../../test/workspace-helpers.js';
import { insertExpert } from '../../test/expert-factory.js';
import { goodPhoto } from '../../test/fixtures/test-images.js';
import { closed, connectLive, nextMessage, refusedUpgrade } from '../../test/live-client.js';
import { bookingMessages, users } from '../../db/schema.js';
import {
  MESSAGE_CONTROL_CHARACTERS,
  MESSAGE_REQUIRED,
  MESSAGE_TOO_LONG,
  UNREAD_EMAIL_DELAY_MS,
  type BookingMessage,
  type MessageThread,
  type UnreadCounts,
} from '../../../common/booking-messages.js';
import type { Booking } from '../../../common/bookings.js';
import { ADMIN_READ_ONLY } from './thread-access.js';
import { ONLY_PUSHES } from './routes.js';
import { sendUnreadEmail, UNREAD_EMAIL_QUEUE } from './unread-email.js';

let t: TestApp;
let http: ReturnType<typeof requester>;
let owner: TestUser;
let expert: ExpertAccount;
let otherExpert: ExpertAccount;
let stranger: TestUser;
let admin: TestUser;
let booking: Booking;
let day = 3;

beforeAll(async () => {
  t = await createTestApp();
  http = requester(t);
  owner = await signUp(t.app, { firstName: 'Olive', lastName: 'Owner' });
  expert = await signUpExpert(t, { name: 'Wendy Works' });
  otherExpert = await signUpExpert(t, { name: 'Oscar Other' });
  stranger = await signUp(t.app);
  admin = await signUp(t.app);
  await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
  booking = await book(expert.expertId);
});
afterAll(() => t.close());

async function book(expertId: number): Promise<Booking> {
  day += 1;
  const response = await postBooking(t.app, owner, videoBooking(expertId, daysAhead(day), '10:00 AM'));
  if (response.statusCode !== 201) throw new Error(`booking failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

const messagesUrl = (id = booking.id) => `/api/bookings/${id}/messages`;

async function send(user: TestUser, text: string, id = booking.id): Promise<BookingMessage> {
  const response = await http.post(user, messagesUrl(id), { text });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

function sendPhoto(user: TestUser | null, parts: Parameters<typeof multipartBody>[0], id = booking.id) {
  const { payload, headers } = multipartBody(parts);
  return t.app.inject(asUser(user, { method: 'POST', url: `${messagesUrl(id)}/photo`, payload, headers }));
}

async function thread(user: TestUser, query = '', id = booking.id): Promise<MessageThread> {
  const response = await http.get(user, `${messagesUrl(id)}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function unread(user: TestUser): Promise<UnreadCounts> {
  const response = await http.get(user, '/api/messages/unread');
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('sending and reading text messages', () => {
  it('lets the owner and the expert write to each other, oldest first, with who sent what', async () => {
    const first = await send(owner, '  The port engine overheats after 20 minutes.  ');
    expect(first).toMatchObject({ senderRole: 'owner', senderName: 'Olive Owner', text: 'The port engine overheats after 20 minutes.', photo: null, readAt: null });
    await send(expert, 'Could you send a photo of the raw-water strainer?\nAnd the impeller if you can.');
    const seen = await thread(owner);
    expect(seen.messages.map((m) => [m.senderRole, m.senderName])).toEqual([
      ['owner', 'Olive Owner'],
      ['expert', 'Wendy Works'],
    ]);
    expect(seen.messages[1]!.text).toBe('Could you send a photo of the raw-water strainer?\nAnd the impeller if you can.');
    expect(seen.viewer).toEqual({ role: 'owner', canWrite: true, closedReason: null });
    expect((await thread(expert)).viewer.role).toBe('expert');
  });

  it('refuses empty, too long and control-character texts with 400 and the field', async () => {
    for (const [text, message] of [
      ['   ', MESSAGE_REQUIRED],
      ['x'.repeat(2001), MESSAGE_TOO_LONG],
      ['bell \u0007 here', MESSAGE_CONTROL_CHARACTERS],
      ['escape \u001b[31m red', MESSAGE_CONTROL_CHARACTERS],
    ] as const) {
      const response = await http.post(owner, messagesUrl(), { text });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message, errors: { text: message } });
    }
    expect((await http.post(owner, messagesUrl(), {})).json().message).toBe(MESSAGE_REQUIRED);
    // A NUL byte is refused before any route, as everywhere in the API.
    expect((await http.post(owner, messagesUrl(), { text: 'a\u0000b' })).statusCode).toBe(400);
    expect((await send(owner, 'x'.repeat(2000))).text).toHaveLength(2000);
  });

  it('keeps markup as plain text: what was written is what is answered', async () => {
    const attempt = '<img src=x onerror=alert(1)> <script>alert("x")</script>';
    expect((await send(owner, attempt)).text).toBe(attempt);
  });

  it('answers 401 signed out, and 404 to a stranger, to another expert and for an unknown or malformed booking', async () => {
    expect((await http.get(null, messagesUrl())).statusCode).toBe(401);
    expect((await http.post(null, messagesUrl(), { text: 'hi' })).statusCode).toBe(401);
    for (const outsider of [stranger, otherExpert]) {
      for (const response of [
        await http.get(outsider, messagesUrl()),
        await http.post(outsider, messagesUrl(), { text: 'hi' }),
        await http.post(outsider, `${messagesUrl()}/read`, { upToId: 1 }),
        await sendPhoto(outsider, [{ name: 'photo', value: await goodPhoto(), filename: 'a.jpg', type: 'image/jpeg' }]),
      ]) {
        expect(response.statusCode).toBe(404);
        expect(response.json().message).toBe('Booking not found');
      }
    }
    expect((await http.get(owner, messagesUrl('00000000-0000-4000-8000-000000000000'))).statusCode).toBe(404);
    expect((await http.get(owner, messagesUrl('not-a-booking'))).statusCode).toBe(404);
  });

  it('lets an administrator read the thread, but not write to it or mark it read (403)', async () => {
    const seen = await thread(admin);
    expect(seen.viewer).toEqual({ role: 'admin', canWrite: false, closedReason: ADMIN_READ_ONLY });
    expect(seen.messages.length).toBeGreaterThan(0);
    const write = await http.post(admin, messagesUrl(), { text: 'Admin here' });
    expect(write.statusCode).toBe(403);
    expect(write.json().message).toBe(ADMIN_READ_ONLY);
    expect((await http.post(admin, `${messagesUrl()}/read`, { upToId: 1 })).statusCode).toBe(403);
  });

  it('pages newest first: the newest page oldest first, then the page before it', async () => {
    const paged = await book(expert.expertId);
    for (let i = 1; i <= 5; i++) await send(i % 2 ? owner : expert, `message ${i}`, paged.id);
    const newest = await thread(owner, '?limit=2', paged.id);
    expect(newest.messages.map((m) => m.text)).toEqual(['message 4', 'message 5']);
    expect(newest.hasOlder).toBe(true);
    const before = await thread(owner, `?limit=2&before=${newest.messages[0]!.id}`, paged.id);
    expect(before.messages.map((m) => m.text)).toEqual(['message 2', 'message 3']);
    const oldest = await thread(owner, `?limit=2&before=${before.messages[0]!.id}`, paged.id);
    expect(oldest.messages.map((m) => m.text)).toEqual(['message 1']);
    expect(oldest.hasOlder).toBe(false);
    expect((await http.get(owner, `${messagesUrl(paged.id)}?limit=500`)).statusCode).toBe(400);
    expect((await http.get(owner, `${messagesUrl(paged.id)}?before=abc`)).statusCode).toBe(400);
  });

  it('keeps a cancelled booking readable and closed to new messages (409)', async () => {
    const cancelled = await book(expert.expertId);
    await send(owner, 'Before the cancellation', cancelled.id);
    expect((await http.post(owner, `/api/bookings/${cancelled.id}/cancel`, { reason: 'Fixed it myself' })).statusCode).toBe(200);
    const seen = await thread(expert, '', cancelled.id);
    expect(seen.messages.map((m) => m.text)).toEqual(['Before the cancellation']);
    expect(seen.viewer.canWrite).toBe(false);
    const write = await http.post(expert, messagesUrl(cancelled.id), { text: 'Sorry to hear' });
    expect(write.statusCode).toBe(409);
    expect(write.json().message).toBe(seen.viewer.closedReason);
    expect(write.json().message).toContain('cancelled');
  });

  it('closes the thread when the expert has no account to read it (a demo expert)', async () => {
    const demo = await insertExpert(t.database.db, { name: 'Demo Dana' });
    const demoBooking = await book(demo.id);
    const seen = await thread(owner, '', demoBooking.id);
    expect(seen.viewer.canWrite).toBe(false);
    expect(seen.viewer.closedReason).toContain('Demo Dana does not have an account');
    expect((await http.post(owner, messagesUrl(demoBooking.id), { text: 'Hello?' })).statusCode).toBe(409);
  });
});

describe('photo messages', () => {
  it('re-encodes a photo as JPEG (a PNG named .jpg too) and serves it only to the parties and administrators', async () => {
    const png = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#3366aa' } }).png().toBuffer();
    const response = await sendPhoto(owner, [
      { name: 'caption', value: '  The strainer  ' },
      { name: 'photo', value: png, filename: 'strainer.jpg', type: 'image/jpeg' },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const message: BookingMessage = response.json();
    expect(message.text).toBe('The strainer');
    expect(message.photo).toEqual({ url: `/api/bookings/${booking.id}/messages/${message.id}/photo`, width: 1600, height: 800 });
    for (const reader of [owner, expert, admin]) {
      const photo = await http.get(reader, message.photo!.url);
      expect(photo.statusCode).toBe(200);
      expect(photo.headers['content-type']).toBe('image/jpeg');
      expect(photo.headers['cache-control']).toContain('private');
      expect((await sharp(photo.rawPayload).metadata()).format).toBe('jpeg');
    }
    expect((await http.get(null, message.photo!.url)).statusCode).toBe(401);
    expect((await http.get(stranger, message.photo!.url)).statusCode).toBe(404);
    expect((await http.get(otherExpert, message.photo!.url)).statusCode).toBe(404);
    // A text message has no photo.
    const text = await send(owner, 'no photo here');
    expect((await http.get(owner, `${messagesUrl()}/${text.id}/photo`)).statusCode).toBe(404);
  });

  it('sends a photo without a caption', async () => {
    const response = await sendPhoto(expert, [{ name: 'photo', value: await goodPhoto(), filename: 'impeller.jpeg', type: 'image/jpeg' }]);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ senderRole: 'expert', text: null });
  });

  it('refuses a text file sent as an image, a missing photo and a bad caption (400), and a photo over 10 MB (413)', async () => {
    const fake = await sendPhoto(owner, [{ name: 'photo', value: 'just some text, not an image', filename: 'photo.jpg', type: 'image/jpeg' }]);
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toBe('Please select an image file');
    const none = await sendPhoto(owner, [{ name: 'caption', value: 'where is it' }]);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ message: 'Please choose a photo to send', errors: { photo: 'Please choose a photo to send' } });
    const notMultipart = await http.post(owner, `${messagesUrl()}/photo`, { photo: 'x' });
    expect(notMultipart.statusCode).toBe(400);
    const caption = await sendPhoto(owner, [
      { name: 'caption', value: 'x'.repeat(2001) },
      { name: 'photo', value: await goodPhoto(), filename: 'a.jpg', type: 'image/jpeg' },
    ]);
    expect(caption.statusCode).toBe(400);
    expect(caption.json().errors).toEqual({ caption: MESSAGE_TOO_LONG });
    const huge = await sendPhoto(owner, [{ name: 'photo', value: Buffer.alloc(10 * 1024 * 1024 + 10, 1), filename: 'big.jpg', type: 'image/jpeg' }]);
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('The photo is larger than 10 MB. Please send a smaller one.');
    expect((await sendPhoto(null, [{ name: 'photo', value: await goodPhoto(), filename: 'a.jpg' }])).statusCode).toBe(401);
    const byAdmin = await sendPhoto(admin, [{ name: 'photo', value: await goodPhoto(), filename: 'a.jpg' }]);
    expect(byAdmin.statusCode).toBe(403);
  });
});

describe('a send retried with the same Idempotency-Key', () => {
  const postText = (user: TestUser, text: string, key: string, id = booking.id) =>
    t.app.inject(asUser(user, { method: 'POST', url: messagesUrl(id), payload: { text }, headers: { 'idempotency-key': key } }));
  const postPhoto = (user: TestUser, photo: Buffer, caption: string, key: string) => {
    const { payload, headers } = multipartBody([
      { name: 'caption', value: caption },
      { name: 'photo', value: photo, filename: 'gauge.jpg', type: 'image/jpeg' },
    ]);
    return t.app.inject(asUser(user, { method: 'POST', url: `${messagesUrl()}/photo`, payload, headers: { ...headers, 'idempotency-key': key } }));
  };
  const rowsWith = async (text: string) => (await t.database.db.select().from(bookingMessages).where(eq(bookingMessages.body, text))).length;
  const storedPhotos = () => readdirSync(join(t.config.DATA_DIR, 'message-photos')).length;

  it('stores a text once and answers the retry with the first message; another text or booking under the key is 409', async () => {
    const text = 'Retried after a lost answer: the bilge alarm sounds at night.';
    const first = await postText(owner, text, 'message-key-0001');
    expect(first.statusCode, first.body).toBe(201);
    const retry = await postText(owner, text, 'message-key-0001');
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(await rowsWith(text)).toBe(1);
    expect((await thread(expert)).messages.filter((m) => m.text === text)).toHaveLength(1);

    const otherText = await postText(owner, 'A different message under the same key', 'message-key-0001');
    expect(otherText.statusCode).toBe(409);
    const otherBooking = await postText(owner, text, 'message-key-0001', (await book(expert.expertId)).id);
    expect(otherBooking.statusCode).toBe(409);
    // Keys are the sender's own: the other party's same key is another request.
    expect((await postText(expert, text, 'message-key-0001')).statusCode).toBe(201);
    const malformed = await postText(owner, text, 'bad key!');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Idempotency-Key must be 8 to 100 letters, digits or -_.:');
  });

  it('stores a photo message once, keeps no second copy of the photo, and refuses the key for another caption', async () => {
    const photo = await goodPhoto();
    const first = await postPhoto(owner, photo, 'The oil pressure gauge at idle', 'photo-key-0001');
    expect(first.statusCode, first.body).toBe(201);
    const photosAfterFirst = storedPhotos();
    const retry = await postPhoto(owner, photo, 'The oil pressure gauge at idle', 'photo-key-0001');
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(await rowsWith('The oil pressure gauge at idle')).toBe(1);
    expect(storedPhotos()).toBe(photosAfterFirst);
    expect((await http.get(expert, first.json().photo.url)).statusCode).toBe(200);
    expect((await postPhoto(owner, photo, 'Another caption', 'photo-key-0001')).statusCode).toBe(409);
    expect(storedPhotos()).toBe(photosAfterFirst);
  });

  it('stores one message when requests with one key arrive at once, and answers each with it', async () => {
    const text = 'Sent twice at once by a flaky connection.';
    const answers = await Promise.all([postText(owner, text, 'message-key-0002'), postText(owner, text, 'message-key-0002')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 201]);
    expect(answers[0]!.json().id).toBe(answers[1]!.json().id);
    expect(await rowsWith(text)).toBe(1);
  });
});

describe('unread counts and marking read', () => {
  it("counts the caller's unread messages per booking, and marks them read up to what was shown", async () => {
    const fresh = await book(expert.expertId);
    const before = await unread(expert);
    const a = await send(owner, 'one', fresh.id);
    const b = await send(owner, 'two', fresh.id);
    const counts = await unread(expert);
    expect(counts.total).toBe(before.total + 2);
    expect(counts.bookings[0]).toEqual({ bookingId: fresh.id, count: 2 });
    // The sender's own messages are not unread for them.
    expect((await unread(owner)).bookings.find((entry) => entry.bookingId === fresh.id)).toBeUndefined();

    const marked = await http.post(expert, `${messagesUrl(fresh.id)}/read`, { upToId: a.id });
    expect(marked.json()).toEqual({ marked: 1 });
    expect((await unread(expert)).bookings.find((entry) => entry.bookingId === fresh.id)).toEqual({ bookingId: fresh.id, count: 1 });
    expect((await http.post(expert, `${messagesUrl(fresh.id)}/read`, { upToId: b.id })).json()).toEqual({ marked: 1 });
    expect((await unread(expert)).total).toBe(before.total);
    const seen = await thread(owner, '', fresh.id);
    expect(seen.messages.every((m) => m.readAt !== null)).toBe(true);
    // Marking the caller's own messages changes nothing.
    expect((await http.post(owner, `${messagesUrl(fresh.id)}/read`, { upToId: b.id })).json()).toEqual({ marked: 0 });
    expect((await http.post(owner, `${messagesUrl(fresh.id)}/read`, { upToId: 'x' })).statusCode).toBe(400);
    expect((await http.get(null, '/api/messages/unread')).statusCode).toBe(401);
  });
});

describe('the e-mail about a message unread for 15 minutes', () => {
  const emailsAbout = async (number: number) => {
    const { rows } = await t.database.executeSql(`select count(*)::int as count from pgboss.job where name = 'email-send' and data->>'subject' like $1`, [
      `%booking #${number}`,
    ]);
    return (rows[0] as { count: number }).count;
  };
  const deps = () => ({ db: t.database.db, jobs: t.app.jobs, baseUrl: t.config.BASE_URL });

  it('is scheduled 15 minutes after the message, by the database clock that stamped it', async () => {
    const message = await send(owner, 'Are you there?');
    const { rows } = await t.database.executeSql(`select start_after from pgboss.job where name = $1 and (data->>'messageId')::bigint = $2`, [
      UNREAD_EMAIL_QUEUE,
      message.id,
    ]);
    expect(rows).toHaveLength(1);
    const [row] = await t.database.db.select({ createdAt: bookingMessages.createdAt }).from(bookingMessages).where(eq(bookingMessages.id, message.id));
    expect(new Date((rows[0] as { start_after: Date | string }).start_after).getTime() - row!.createdAt.getTime()).toBe(UNREAD_EMAIL_DELAY_MS);
  });

  it('sends one e-mail for several unread messages in a row, with a link to the booking, and never twice', async () => {
    const quiet = await book(expert.expertId);
    const first = await send(owner, 'First question', quiet.id);
    const second = await send(owner, 'Second question', quiet.id);
    const third = await send(owner, 'And a third', quiet.id);
    expect(await sendUnreadEmail(deps(), first.id)).toBe(true);
    expect(await sendUnreadEmail(deps(), second.id)).toBe(false);
    expect(await sendUnreadEmail(deps(), third.id)).toBe(false);
    // A retried job finds its message already e-mailed.
    expect(await sendUnreadEmail(deps(), first.id)).toBe(false);
    expect(await emailsAbout(quiet.number)).toBe(1);
    const { rows } = await t.database.executeSql(`select data->>'to' as to, data->>'text' as text from pgboss.job where name = 'email-send' and data->>'subject' = $1`, [
      `New message from Olive Owner about booking #${quiet.number}`,
    ]);
    const email = rows[0] as { to: string; text: string };
    expect(email.to).toBe(expert.email);
    expect(email.text).toContain(`${t.config.BASE_URL}/bookings/${quiet.id}#messages`);
    expect(email.text).toContain('3 messages');

    // While those stay unread, a later message sends nothing more; once read, the next stretch gets its e-mail.
    const fourth = await send(owner, 'Still there?', quiet.id);
    expect(await sendUnreadEmail(deps(), fourth.id)).toBe(false);
    await http.post(expert, `${messagesUrl(quiet.id)}/read`, { upToId: fourth.id });
    const fifth = await send(owner, 'Thanks for reading', quiet.id);
    expect(await sendUnreadEmail(deps(), fifth.id)).toBe(true);
    expect(await emailsAbout(quiet.number)).toBe(2);
  });

  it('is not sent when the message was read meanwhile', async () => {
    const read = await book(expert.expertId);
    const message = await send(expert, 'Answering quickly', read.id);
    await http.post(owner, `${messagesUrl(read.id)}/read`, { upToId: message.id });
    expect(await sendUnreadEmail(deps(), message.id)).toBe(false);
    expect(await emailsAbout(read.number)).toBe(0);
  });
});

describe('live delivery over the booking socket', () => {
  let base = '';
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  });
  const liveUrl = (id = booking.id) => `${base}/api/bookings/${id}/messages/live`;
  const headers = (user: TestUser) => ({ ...ORIGIN, cookie: user.cookie });

  it("pushes a new message and its read receipt to the other party's open page", async () => {
    const socket = await connectLive(liveUrl(), headers(expert));
    const sent = await send(owner, 'Live hello');
    expect(await nextMessage(socket)).toEqual({ type: 'message', message: sent });
    const ownerSocket = await connectLive(liveUrl(), headers(owner));
    await http.post(expert, `${messagesUrl()}/read`, { upToId: sent.id });
    const receipt = (await nextMessage(ownerSocket)) as { type: string; upToId: number; readerId: string };
    expect(receipt).toMatchObject({ type: 'read', upToId: sent.id, readerId: expert.id });
    socket.close();
    ownerSocket.close();
    await closed(ownerSocket);
  });

  it('refuses the upgrade to outsiders (404), signed-out callers (401) and other origins (403); accepts nothing from the client', async () => {
    expect((await refusedUpgrade(liveUrl(), headers(stranger))).status).toBe(404);
    expect((await refusedUpgrade(liveUrl(), headers(otherExpert))).status).toBe(404);
    expect((await refusedUpgrade(liveUrl(), ORIGIN)).status).toBe(401);
    expect((await refusedUpgrade(liveUrl(), { origin: 'https://evil.example', cookie: owner.cookie })).status).toBe(403);
    const watching = await connectLive(liveUrl(), headers(admin));
    watching.send(JSON.stringify({ type: 'message', text: 'over the socket' }));
    expect(await nextMessage(watching)).toEqual({ type: 'error', message: ONLY_PUSHES });
    watching.close();
  });

  if (process.env.TEST_DB === 'postgres') {
    it('delivers across two app servers: sent on one, read live on the other', async () => {
      const peer = await createPeerApp(t);
      let socket: WebSocket | undefined;
      try {
        await peer.app.listen({ port: 0, host: '127.0.0.1' });
        const peerBase = `ws://127.0.0.1:${(peer.app.server.address() as { port: number }).port}`;
        socket = await connectLive(`${peerBase}/api/bookings/${booking.id}/messages/live`, headers(expert));
        const sent = await send(owner, 'Across servers');
        expect(await nextMessage(socket)).toEqual({ type: 'message', message: sent });
      } finally {
        socket?.close();
        await peer.close();
      }
    });
  }
});
