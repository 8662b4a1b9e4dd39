import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { asUser, createTestApp, signUp, type TestApp, type TestUser } from '../../test/test-app.js';
import { insertExpert } from '../../test/expert-factory.js';
import { daysAhead, movableClock, onsiteBooking, postBooking, videoBooking } from '../../test/booking-helpers.js';
import { aiSessions, bookings, users } from '../../db/schema.js';
import type { BookingAiConversation, NearbyExpert } from '../../../common/ai-handoff.js';
import { CONVERSATION_NOT_YOURS } from '../../../common/ai-handoff-rules.js';
import type { AskResponse } from '../../../common/ai.js';
import type { Booking } from '../../../common/bookings.js';

const clock = movableClock();
let t: TestApp;
let owner: TestUser;
let other: TestUser;
let stranger: TestUser;
let admin: TestUser;
let expertUser: TestUser;
let expert: { id: number };
/** Experts of one specialty at known ZIP codes around Miami (33101), and one elsewhere. */
let miami: { id: number };
let fortLauderdale: { id: number };
let westPalm: { id: number };
let boston: { id: number };
let unknownZip: { id: number };

const get = (user: TestUser | null, url: string) => t.app.inject(asUser(user, { method: 'GET', url }));

async function ask(user: TestUser, question: string, sessionId?: string): Promise<AskResponse> {
  const response = await t.app.inject(asUser(user, { method: 'POST', url: '/api/ai/ask', payload: { question, sessionId } }));
  expect(response.statusCode).toBe(200);
  return response.json();
}

beforeAll(async () => {
  t = await createTestApp({}, { now: clock.now });
  const db = t.database.db;
  owner = await signUp(t.app, { firstName: 'Olive', lastName: 'Owner' });
  other = await signUp(t.app);
  stranger = await signUp(t.app);
  admin = await signUp(t.app);
  await db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
  expertUser = await signUp(t.app);
  await db.update(users).set({ role: 'expert' }).where(eq(users.id, expertUser.id));
  expert = await insertExpert(db, { name: 'Eddie Engines', userId: expertUser.id, instantBooking: true });
  // Inserted far to near, with names against the distance order, so neither insertion nor name explains the answer.
  boston = await insertExpert(db, { name: 'Aaron Boston', specialty: 'plumbing', zipCode: '02108' });
  westPalm = await insertExpert(db, { name: 'Bea West Palm', specialty: 'plumbing', zipCode: '33401' });
  fortLauderdale = await insertExpert(db, { name: 'Cal Lauderdale', specialty: 'plumbing', zipCode: '33316' });
  miami = await insertExpert(db, { name: 'Zed Miami', specialty: 'plumbing', zipCode: '33130' });
  unknownZip = await insertExpert(db, { name: 'Al Nowhere', specialty: 'plumbing', zipCode: '00000' });
  // Of the specialty but not bookable here: each must be left out.
  await insertExpert(db, { name: 'Away Miami', specialty: 'plumbing', zipCode: '33101', available: false });
  await insertExpert(db, { name: 'Pending Miami', specialty: 'plumbing', zipCode: '33101', status: 'pending' });
  await insertExpert(db, { name: 'Onsite Miami', specialty: 'plumbing', zipCode: '33101', serviceTypes: ['onsite'] });
  await insertExpert(db, { name: 'Rigger Miami', specialty: 'rigging', zipCode: '33101' });
});
afterAll(() => t.close());

describe('GET /api/experts/nearby', () => {
  it('lists the bookable experts of the service and specialty nearest first, with their distance', async () => {
    const response = await get(null, '/api/experts/nearby?serviceType=video&specialty=plumbing&zip=33101');
    expect(response.statusCode).toBe(200);
    const list = response.json() as NearbyExpert[];
    expect(list.map((e) => e.id)).toEqual([miami.id, fortLauderdale.id, westPalm.id, boston.id, unknownZip.id]);
    const miles = list.map((e) => e.distanceMiles);
    expect(miles[0]).toBeLessThan(5);
    expect(miles[1]).toBeGreaterThan(15);
    expect(miles[1]).toBeLessThan(30);
    expect(miles[3]).toBeGreaterThan(1200);
    expect(miles[4]).toBeNull();
  });

  it('orders from the other end of the country the other way round, and keeps to the limit', async () => {
    const list = (await get(null, '/api/experts/nearby?serviceType=video&specialty=plumbing&zip=02110-1234&limit=2')).json() as NearbyExpert[];
    expect(list.map((e) => e.id)).toEqual([boston.id, westPalm.id]);
  });

  it('takes onsite experts for onsite, and every specialty without one', async () => {
    const onsite = (await get(null, '/api/experts/nearby?serviceType=onsite&specialty=plumbing&zip=33101')).json() as NearbyExpert[];
    expect(onsite.map((e) => e.name)).toContain('Onsite Miami');
    const all = (await get(null, '/api/experts/nearby?serviceType=video&zip=33101')).json() as NearbyExpert[];
    expect(all.map((e) => e.name)).toContain('Rigger Miami');
    expect(all.map((e) => e.name)).not.toContain('Away Miami');
    expect(all.map((e) => e.name)).not.toContain('Pending Miami');
  });

  it('refuses a query it cannot answer with the reason', async () => {
    const badZip = await get(null, '/api/experts/nearby?serviceType=video&zip=SW1A');
    expect(badZip.statusCode).toBe(400);
    expect(badZip.json()).toEqual({ message: 'zip must be a US ZIP code (5 digits)', errors: { zip: 'zip must be a US ZIP code (5 digits)' } });
    expect((await get(null, '/api/experts/nearby?zip=33101')).statusCode).toBe(400);
    expect((await get(null, '/api/experts/nearby?serviceType=video&zip=33101&specialty=spaceships')).statusCode).toBe(400);
  });

  it('leaves the listing and one expert by id where they were', async () => {
    expect((await get(null, `/api/experts/${miami.id}`)).json().name).toBe('Zed Miami');
    expect((await get(null, '/api/experts?specialty=plumbing&sort=name')).json()[0].name).toBe('Aaron Boston');
  });
});

describe('the assistant says when a professional should look', () => {
  it('flags an answer to a serious problem, and not a routine one', async () => {
    const serious = await ask(owner, 'My outboard is overheating and the alarm keeps sounding');
    expect(serious.expertAdvised).toBe(true);
    expect(serious.category).toBe('engine');
    const routine = await ask(owner, 'How often should I change the lower unit gear oil?');
    expect(routine.expertAdvised).toBe(false);
    const reopened = (await get(owner, `/api/ai/sessions/${serious.sessionId}`)).json() as { messages: { type: string; expertAdvised?: boolean }[] };
    expect(reopened.messages.map((m) => m.expertAdvised)).toEqual([undefined, true]);
  });
});

describe('attaching the conversation to a booking', () => {
  let booking: Booking;
  let sessionId: string;

  beforeAll(async () => {
    const first = await ask(owner, 'My outboard is overheating and the alarm keeps sounding <script>alert(1)</script>');
    sessionId = first.sessionId;
    await ask(owner, 'It is a 2015 Yamaha F150 with 900 hours', sessionId);
    const response = await postBooking(t.app, owner, { ...videoBooking(expert.id, daysAhead(10)), aiSessionId: sessionId });
    expect(response.statusCode).toBe(201);
    booking = response.json();
  });

  it('keeps a copy the expert reads, with the questions and answers in order, as sent', async () => {
    const response = await get(expertUser, `/api/bookings/${booking.id}/ai-conversation`);
    expect(response.statusCode).toBe(200);
    const { conversation } = response.json() as BookingAiConversation;
    expect(conversation?.title).toContain('overheating');
    expect(conversation?.category).toBe('engine');
    expect(conversation?.earlierOmitted).toBe(0);
    expect(conversation?.messages.map((m) => m.type)).toEqual(['user', 'ai', 'user', 'ai']);
    expect(conversation?.messages[0]?.content).toBe('My outboard is overheating and the alarm keeps sounding <script>alert(1)</script>');
    expect(conversation?.messages[2]?.content).toBe('It is a 2015 Yamaha F150 with 900 hours');
    const [row] = await t.database.db.select({ aiSessionId: bookings.aiSessionId }).from(bookings).where(eq(bookings.id, booking.id));
    expect(row?.aiSessionId).toBe(sessionId);
  });

  it('shows the owner and an administrator the same copy, and a stranger nothing', async () => {
    const asExpert = (await get(expertUser, `/api/bookings/${booking.id}/ai-conversation`)).json();
    expect((await get(owner, `/api/bookings/${booking.id}/ai-conversation`)).json()).toEqual(asExpert);
    expect((await get(admin, `/api/bookings/${booking.id}/ai-conversation`)).json()).toEqual(asExpert);
    const refused = await get(stranger, `/api/bookings/${booking.id}/ai-conversation`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: 'Booking not found' });
    expect((await get(null, `/api/bookings/${booking.id}/ai-conversation`)).statusCode).toBe(401);
    expect((await get(owner, '/api/bookings/not-a-booking/ai-conversation')).statusCode).toBe(404);
  });

  it('keeps what was attached when the owner chats on, and when the conversation is deleted', async () => {
    await ask(owner, 'Also the tell-tale stream is weak', sessionId);
    const before = (await get(expertUser, `/api/bookings/${booking.id}/ai-conversation`)).json() as BookingAiConversation;
    expect(before.conversation?.messages).toHaveLength(4);
    await t.database.db.delete(aiSessions).where(eq(aiSessions.id, sessionId));
    const after = (await get(expertUser, `/api/bookings/${booking.id}/ai-conversation`)).json();
    expect(after).toEqual(before);
    const [row] = await t.database.db.select({ aiSessionId: bookings.aiSessionId }).from(bookings).where(eq(bookings.id, booking.id));
    expect(row?.aiSessionId).toBeNull();
  });

  it("refuses someone else's conversation, and an unknown one, with the same message and books nothing", async () => {
    const theirs = await ask(other, 'My bilge pump will not stop running');
    const countBefore = (await t.database.db.select({ id: bookings.id }).from(bookings)).length;
    for (const aiSessionId of [theirs.sessionId, '00000000-0000-4000-8000-000000000000']) {
      const response = await postBooking(t.app, owner, { ...onsiteBooking(expert.id, daysAhead(11)), aiSessionId });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: CONVERSATION_NOT_YOURS, errors: { aiSessionId: CONVERSATION_NOT_YOURS } });
    }
    const malformed = await postBooking(t.app, owner, { ...videoBooking(expert.id, daysAhead(11)), aiSessionId: 'nope' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toEqual({ aiSessionId: 'We could not find that conversation with the assistant' });
    expect((await t.database.db.select({ id: bookings.id }).from(bookings)).length).toBe(countBefore);
  });

  it("removes the copy when an administrator deletes the owner's account, and keeps the booking", async () => {
    const leaving = await signUp(t.app);
    const theirs = await ask(leaving, 'My bilge pump will not stop running and water is leaking in');
    const made = (await postBooking(t.app, leaving, { ...videoBooking(expert.id, daysAhead(13)), aiSessionId: theirs.sessionId })).json() as Booking;
    expect((await get(expertUser, `/api/bookings/${made.id}/ai-conversation`)).json().conversation).not.toBeNull();
    const deleted = await t.app.inject(asUser(admin, { method: 'DELETE', url: `/api/admin/users/${leaving.id}`}));
    expect(deleted.statusCode).toBe(204);
    expect((await get(expertUser, `/api/bookings/${made.id}/ai-conversation`)).json()).toEqual({ conversation: null });
    expect((await get(expertUser, `/api/bookings/${made.id}`)).statusCode).toBe(200);
  });

  it('answers null for a booking made without a conversation', async () => {
    const plain = (await postBooking(t.app, owner, videoBooking(expert.id, daysAhead(12)))).json() as Booking;
    expect((await get(expertUser, `/api/bookings/${plain.id}/ai-conversation`)).json()).toEqual({ conversation: null });
  });
});
