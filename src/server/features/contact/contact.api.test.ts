import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { asUser, createTestApp, nextClientAddress, signUp, type TestApp, type TestUser } from '../../test/test-app.js';
import { insertExpert } from '../../test/expert-factory.js';
import { daysAhead, postBooking, videoBooking } from '../../test/booking-helpers.js';
import { startSmtpInbox, type SmtpInbox } from '../../test/smtp-inbox.js';
import { auditLog, users } from '../../db/schema.js';
import {
  CONFIRM_TYPED_ADDRESS,
  CONTACT_EMAIL_REQUIRED,
  CONTACT_MESSAGE_CLOSED,
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_MESSAGE_REQUIRED,
  CONTACT_MESSAGE_TOO_LONG,
  CONTACT_TOPIC_REQUIRED,
  CONTROL_CHARACTERS,
  REPLY_REQUIRED,
  TOO_MANY_CONTACT_MESSAGES,
  type ContactMessageView,
} from '../../../common/contact.js';

let t: TestApp;
let inbox: SmtpInbox;
let admin: TestUser;
let owner: TestUser;
let stranger: TestUser;
let bookingId: string;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({ SMTP_URL: inbox.url });
  admin = await signUp(t.app, { email: `queue-admin-${Date.now()}@example.com`, firstName: 'Hana', lastName: 'Harbor' });
  await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
  owner = await signUp(t.app, { firstName: 'Olive' });
  stranger = await signUp(t.app);
  const expert = await insertExpert(t.database.db, { instantBooking: true });
  const booked = await postBooking(t.app, owner, videoBooking(expert.id, daysAhead(3)));
  expect(booked.statusCode).toBe(201);
  bookingId = booked.json().id;
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});

const send = (user: TestUser | null, payload: unknown, remoteAddress = nextClientAddress()) =>
  t.app.inject(asUser(user, { method: 'POST', url: '/api/contact', payload: payload as object, remoteAddress }));
const queue = (user: TestUser | null, status = 'open') => t.app.inject(asUser(user, { method: 'GET', url: `/api/admin/contact?status=${status}` }));
const read = (user: TestUser | null, id: number | string) => t.app.inject(asUser(user, { method: 'GET', url: `/api/admin/contact/${id}` }));
const reply = (user: TestUser | null, id: number | string, payload: unknown) =>
  t.app.inject(asUser(user, { method: 'POST', url: `/api/admin/contact/${id}/reply`, payload: payload as object }));
const close = (user: TestUser | null, id: number | string) => t.app.inject(asUser(user, { method: 'POST', url: `/api/admin/contact/${id}/close` }));

async function emailsTo(address: string): Promise<{ subject: string; text: string }[]> {
  const { rows } = await t.database.executeSql(`select data from pgboss.job where name = 'email-send' and data->>'to' = $1 order by created_on`, [address]);
  return (rows as { data: { subject: string; text: string } }[]).map((row) => row.data);
}

describe('POST /api/contact', () => {
  it('files a signed-in owner\'s message about their booking, acknowledges it and tells the administrators', async () => {
    const response = await send(owner, { topic: 'booking', message: 'Can I move my call to the afternoon?', bookingId, email: 'someone-else@example.com' });
    expect(response.statusCode).toBe(201);
    const { id, acknowledged } = response.json();
    expect(acknowledged).toBe(true);
    // The acknowledgement goes to the account's address, never to the one the body named.
    expect((await emailsTo(owner.email)).map((mail) => mail.subject)).toContain(`We received your message (#${id})`);
    expect(await emailsTo('someone-else@example.com')).toEqual([]);
    const waiting = await emailsTo(admin.email);
    expect(waiting.map((mail) => mail.subject)).toContain(`New contact message #${id}: A booking`);
    // The administrators' note carries no sender's words: those are read in the queue.
    expect(waiting.find((mail) => mail.subject.includes(`#${id}:`))!.text).not.toContain('afternoon');

    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, String(id)));
    expect(entry).toMatchObject({ action: 'contact.sent', entityType: 'contact_message', actorUserId: owner.id, after: { topic: 'booking', bookingId, signedIn: true } });

    const view = (await read(admin, id)).json() as ContactMessageView;
    expect(view).toMatchObject({ status: 'open', topic: 'booking', email: owner.email, signedIn: true, senderName: 'Olive Owner', replies: [] });
    expect(view.booking?.id).toBe(bookingId);
  });

  it('takes a signed-out visitor\'s message with the address they type, and e-mails nothing to it', async () => {
    const response = await send(null, { email: 'visitor@example.com', topic: 'other', message: 'Do you have experts in Maine?' });
    expect(response.statusCode).toBe(201);
    expect(response.json().acknowledged).toBe(false);
    expect(await emailsTo('visitor@example.com')).toEqual([]);
    const view = (await read(admin, response.json().id)).json() as ContactMessageView;
    expect(view).toMatchObject({ email: 'visitor@example.com', signedIn: false, senderName: null, booking: null });
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['no topic', { topic: undefined }, 'topic', CONTACT_TOPIC_REQUIRED],
    ['an unknown topic', { topic: 'refunds' }, 'topic', CONTACT_TOPIC_REQUIRED],
    ['a blank message', { message: '   ' }, 'message', CONTACT_MESSAGE_REQUIRED],
    ['an over-long message', { message: 'x'.repeat(CONTACT_MESSAGE_MAX_LENGTH + 1) }, 'message', CONTACT_MESSAGE_TOO_LONG],
    ['a control character', { message: 'Hello\u0007there' }, 'message', CONTROL_CHARACTERS],
    ['a bad address', { email: 'visitor@' }, 'email', 'Invalid email address'],
  ])('refuses %s with 400 and the field\'s message', async (_case, change, field, message) => {
    const response = await send(owner, { topic: 'account', message: 'Hello there', ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[field]).toBe(message);
  });

  it('refuses a NUL byte with 400', async () => {
    const response = await send(owner, { topic: 'account', message: 'Hello\u0000there' });
    expect(response.statusCode).toBe(400);
  });

  it('asks a signed-out sender for an address', async () => {
    const response = await send(null, { topic: 'account', message: 'I cannot sign in' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.email).toBe(CONTACT_EMAIL_REQUIRED);
  });

  it('answers 404 for a booking the sender is no party to, as for one that does not exist', async () => {
    const theirs = await send(stranger, { topic: 'booking', message: 'About this booking', bookingId });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('Booking not found');
    const none = await send(owner, { topic: 'booking', message: 'About this booking', bookingId: '00000000-0000-4000-8000-000000000000' });
    expect(none.statusCode).toBe(404);
  });

  it('allows 5 an hour per account, then 429 with Retry-After', async () => {
    const busy = await signUp(t.app);
    for (let i = 0; i < 5; i += 1) expect((await send(busy, { topic: 'other', message: `Message ${i}` })).statusCode).toBe(201);
    const refused = await send(busy, { topic: 'other', message: 'One more' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(TOO_MANY_CONTACT_MESSAGES);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('allows 5 an hour per client address, signed out or not', async () => {
    const address = nextClientAddress();
    for (let i = 0; i < 5; i += 1) {
      expect((await send(null, { email: `v${i}@example.com`, topic: 'other', message: `Message ${i}` }, address)).statusCode).toBe(201);
    }
    const refused = await send(owner, { topic: 'other', message: 'From the same place' }, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});

describe('the administrators\' queue', () => {
  it('is for administrators only: 401 signed out, 403 for anyone else', async () => {
    expect((await queue(null)).statusCode).toBe(401);
    expect((await queue(owner)).statusCode).toBe(403);
    expect((await read(owner, 1)).statusCode).toBe(403);
    expect((await reply(owner, 1, { body: 'Hi' })).statusCode).toBe(403);
    expect((await close(null, 1)).statusCode).toBe(401);
  });

  it('answers 404 for a message that does not exist, and 400 for a bad status', async () => {
    expect((await read(admin, 999_999)).statusCode).toBe(404);
    expect((await reply(admin, 999_999, { body: 'Hello' })).statusCode).toBe(404);
    expect((await close(admin, 999_999)).statusCode).toBe(404);
    expect((await read(admin, 'abc')).statusCode).toBe(400);
    expect((await queue(admin, 'pending')).statusCode).toBe(400);
  });

  it('lists open messages oldest first; a reply is e-mailed to the account\'s address and marks it answered; closing ends it', async () => {
    const sent = await send(owner, { topic: 'payment', message: 'Why was I charged twice?' });
    const id = sent.json().id as number;
    const open = (await queue(admin)).json() as ContactMessageView[];
    expect(open.map((view) => view.id)).toContain(id);
    expect(open.map((view) => view.id)).toEqual([...open.map((view) => view.id)].sort((a, b) => a - b));

    const blank = await reply(admin, id, { body: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors.body).toBe(REPLY_REQUIRED);

    const answered = await reply(admin, id, { body: 'You were charged once; the second line is an authorisation that lapses.' });
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toMatchObject({ status: 'answered', replies: [{ sentTo: owner.email, adminName: 'Hana Harbor' }] });
    const mail = await inbox.waitFor((m) => m.subject === `Re: your message to K&B Marine (#${id})`);
    expect(JSON.stringify(mail.to)).toContain(owner.email);
    expect(mail.text).toContain('the second line is an authorisation');
    expect(mail.text).toContain('> Why was I charged twice?');
    expect((await queue(admin, 'answered')).json().map((view: ContactMessageView) => view.id)).toContain(id);

    const closed = await close(admin, id);
    expect(closed.json().status).toBe('closed');
    const again = await reply(admin, id, { body: 'One more thing' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(CONTACT_MESSAGE_CLOSED);
    const actions = (await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, String(id)))).filter((e) => e.entityType === 'contact_message');
    expect(actions.map((entry) => entry.action)).toEqual(['contact.sent', 'contact.replied', 'contact.closed']);
  });

  it('e-mails a signed-out sender\'s typed address only when the administrator ticks that they mean to', async () => {
    const sent = await send(null, { email: 'typed@example.com', topic: 'account', message: 'Please delete my account' });
    const id = sent.json().id as number;
    const unconfirmed = await reply(admin, id, { body: 'Sign in and write to us from your account, please.' });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().errors.toTypedAddress).toBe(CONFIRM_TYPED_ADDRESS);
    expect(await emailsTo('typed@example.com')).toEqual([]);

    const confirmed = await reply(admin, id, { body: 'Sign in and write to us from your account, please.', toTypedAddress: true });
    expect(confirmed.statusCode).toBe(200);
    expect((await emailsTo('typed@example.com')).map((mail) => mail.subject)).toEqual([`Re: your message to K&B Marine (#${id})`]);
  });
});
