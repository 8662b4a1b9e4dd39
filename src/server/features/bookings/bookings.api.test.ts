import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { asUser, createTestApp, signUp, type TestApp, type TestUser } from '../../test/test-app.js';
import { insertExpert } from '../../test/expert-factory.js';
import { daysAhead, movableClock, onsiteBooking, postBooking, videoBooking } from '../../test/booking-helpers.js';
import { auditLog, bookings, users } from '../../db/schema.js';
import { PAYMENT_UNAVAILABLE, SELF_BOOKING, type BookingDetail } from '../../../common/bookings.js';
import { DATE_REQUIRED, DESCRIPTION_REQUIRED, MISSING_INFORMATION } from '../../../common/bookings-fields.js';
import { SLOT_TIMES } from '../../../common/bookings-rules.js';

const clock = movableClock();
let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let admin: TestUser;
let expertUser: TestUser;
/** Takes instant bookings (like the demo experts). */
let instant: { id: number };
/** Answers requests itself, through its own account. */
let answering: { id: number };
let videoOnly: { id: number };
let away: { id: number };

beforeAll(async () => {
  t = await createTestApp({}, { now: clock.now });
  const db = t.database.db;
  owner = await signUp(t.app, { firstName: 'Olive', lastName: 'Owner' });
  stranger = await signUp(t.app);
  admin = await signUp(t.app);
  await db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
  expertUser = await signUp(t.app);
  await db.update(users).set({ role: 'expert' }).where(eq(users.id, expertUser.id));
  instant = await insertExpert(db, { name: 'Ivy Instant', instantBooking: true, videoRateCents: 8000, onsiteRateCents: 12000, onsiteMinimumHours: 2 });
  answering = await insertExpert(db, { name: 'Andy Answers', userId: expertUser.id, instantBooking: false, timeZone: 'America/Los_Angeles' });
  videoOnly = await insertExpert(db, { name: 'Vic Video', serviceTypes: ['video'], instantBooking: true });
  away = await insertExpert(db, { name: 'Al Away', available: false });
});
afterAll(() => t.close());

const get = (user: TestUser | null, url: string) => t.app.inject(asUser(user, { method: 'GET', url }));
const post = (user: TestUser | null, url: string, payload: object = {}) => t.app.inject(asUser(user, { method: 'POST', url, payload }));

async function book(user: TestUser, payload: unknown): Promise<BookingDetail> {
  const response = await postBooking(t.app, user, payload);
  if (response.statusCode !== 201) throw new Error(`booking failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

describe('GET /api/experts/{id}/slots', () => {
  it("lists the expert's video start times in the expert's zone", async () => {
    const date = daysAhead(20);
    const response = await get(null, `/api/experts/${instant.id}/slots?type=video&date=${date}`);
    expect(response.statusCode).toBe(200);
    const slots = response.json() as { time: string; start: string }[];
    expect(slots.map((s) => s.time)).toEqual(SLOT_TIMES.video);
    const nineAm = new Date(slots[0]!.start);
    expect(new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour: 'numeric', minute: '2-digit' }).format(nineAm)).toBe('9:00 AM');
  });

  it('offers only onsite starts whose whole visit ends by 6:00 PM', async () => {
    const date = daysAhead(20);
    const three = (await get(null, `/api/experts/${instant.id}/slots?type=onsite&date=${date}&hours=3`)).json();
    expect(three.map((s: { time: string }) => s.time)).toEqual(SLOT_TIMES.onsite);
    const five = (await get(null, `/api/experts/${instant.id}/slots?type=onsite&date=${date}&hours=5`)).json();
    expect(five.map((s: { time: string }) => s.time)).toEqual(['8:00 AM', '9:00 AM', '10:00 AM', '11:00 AM', '1:00 PM']);
  });

  it('leaves out times already booked and overlapping ones', async () => {
    const date = daysAhead(21);
    await book(owner, onsiteBooking(instant.id, date, '10:00 AM', 2));
    const video = (await get(null, `/api/experts/${instant.id}/slots?type=video&date=${date}`)).json();
    expect(video.map((s: { time: string }) => s.time)).toEqual(['9:00 AM', '1:00 PM', '2:00 PM', '3:00 PM', '4:00 PM', '5:00 PM']);
    const onsite = (await get(null, `/api/experts/${instant.id}/slots?type=onsite&date=${date}&hours=2`)).json();
    expect(onsite.map((s: { time: string }) => s.time)).toEqual(['8:00 AM', '1:00 PM', '2:00 PM', '3:00 PM']);
  });

  // The slots read the expert's bookings around the date in one query, before the zone is applied: the
  // bookings of the expert's own local day must all be in it, however far the zone is from UTC.
  it.each(['Pacific/Kiritimati', 'Pacific/Pago_Pago'])('leaves out the booked times of the local day and only those, in %s', async (timeZone) => {
    const far = await insertExpert(t.database.db, { name: `Far ${timeZone}`, instantBooking: true, timeZone });
    const day = (n: number) => daysAhead(22 + n, timeZone);
    await book(owner, videoBooking(far.id, day(0), '9:00 AM'));
    await book(owner, videoBooking(far.id, day(1), SLOT_TIMES.video.at(-1)!));
    const times = async (n: number) => ((await get(null, `/api/experts/${far.id}/slots?type=video&date=${day(n)}`)).json() as { time: string }[]).map((s) => s.time);
    expect(await times(-1)).toEqual(SLOT_TIMES.video);
    expect(await times(0)).toEqual(SLOT_TIMES.video.filter((time) => time !== '9:00 AM'));
    expect(await times(1)).toEqual(SLOT_TIMES.video.slice(0, -1));
    expect(await times(2)).toEqual(SLOT_TIMES.video);
  });

  it('offers nothing in the past or for a service the expert does not give', async () => {
    expect((await get(null, `/api/experts/${instant.id}/slots?type=video&date=${daysAhead(-1)}`)).json()).toEqual([]);
    expect((await get(null, `/api/experts/${videoOnly.id}/slots?type=onsite&date=${daysAhead(5)}`)).json()).toEqual([]);
    expect((await get(null, `/api/experts/${away.id}/slots?type=video&date=${daysAhead(5)}`)).json()).toEqual([]);
  });

  it.each([
    ['type=phone&date=2030-01-01', "type must be 'video' or 'onsite'"],
    ['type=video&date=2030-02-30', 'date must be a real date written YYYY-MM-DD'],
    ['type=video&date=tomorrow', 'date must be a real date written YYYY-MM-DD'],
    ['type=onsite&date=2030-01-01&hours=9', 'Estimated hours must be between 1 and 8'],
    ['type=onsite&date=2030-01-01&hours=x', 'Estimated hours must be between 1 and 8'],
  ])('answers 400 for %s', async (query, message) => {
    const response = await get(null, `/api/experts/${instant.id}/slots?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('answers 404 for an unknown expert', async () => {
    expect((await get(null, `/api/experts/999999/slots?type=video&date=${daysAhead(3)}`)).statusCode).toBe(404);
    expect((await get(null, `/api/experts/abc/slots?type=video&date=${daysAhead(3)}`)).statusCode).toBe(404);
  });
});

describe('POST /api/bookings', () => {
  it('books a 30-minute video consultation at the price the server computes', async () => {
    const date = daysAhead(10);
    const response = await postBooking(t.app, owner, { ...videoBooking(instant.id, date, '2:00 PM'), amount: 1 });
    expect(response.statusCode).toBe(201);
    const booking = response.json();
    expect(booking).toMatchObject({
      serviceType: 'video',
      status: 'confirmed',
      paymentStatus: 'unpaid',
      price: '80.00',
      currency: 'usd',
      scheduledDate: date,
      preferredTime: '2:00 PM',
      timeZone: 'America/New_York',
      durationMinutes: 30,
      onsite: null,
      expert: { id: instant.id, name: 'Ivy Instant' },
      owner: { name: 'Olive Owner' },
      allowedActions: ['cancel', 'reschedule'],
    });
    expect(booking.number).toBeGreaterThan(1000);
    expect(new Date(booking.endsAt).getTime() - new Date(booking.startsAt).getTime()).toBe(30 * 60_000);
  });

  it('books an onsite visit for at least the expert’s minimum hours, at rate times hours', async () => {
    const date = daysAhead(11);
    const booking = await book(owner, onsiteBooking(instant.id, date, '8:00 AM', 1));
    expect(booking.price).toBe('240.00');
    expect(booking.durationMinutes).toBe(120);
    expect(booking.onsite).toMatchObject({ boatAddress: '1 Marina Way, Annapolis, MD', boatType: 'sailboat', boatLength: '32 feet', estimatedHours: 2 });
    const three = await book(owner, onsiteBooking(instant.id, date, '1:00 PM', 3));
    expect(three.price).toBe('360.00');
  });

  it('leaves a booking of an expert who answers requests as requested', async () => {
    const booking = await book(owner, videoBooking(answering.id, daysAhead(12, 'America/Los_Angeles'), '10:00 AM'));
    expect(booking.status).toBe('requested');
    expect(booking.timeZone).toBe('America/Los_Angeles');
  });

  it.each([
    ['description', { description: '' }, DESCRIPTION_REQUIRED],
    ['description', { description: '   ' }, DESCRIPTION_REQUIRED],
    ['scheduledDate', { scheduledDate: '' }, DATE_REQUIRED],
    ['scheduledDate', { scheduledDate: undefined }, DATE_REQUIRED],
    ['preferredTime', { preferredTime: ' ' }, MISSING_INFORMATION],
    ['expertId', { expertId: undefined }, MISSING_INFORMATION],
  ])('answers 400 for a missing %s with the product’s text', async (field, change, message) => {
    const response = await postBooking(t.app, owner, { ...videoBooking(instant.id, daysAhead(13)), ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message, errors: { [field]: message } });
  });

  it.each([['boatAddress'], ['contactPhone'], ['boatType']])('answers 400 for an onsite booking without %s', async (field) => {
    const response = await postBooking(t.app, owner, { ...onsiteBooking(instant.id, daysAhead(13)), [field]: '  ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[field]).toBe(MISSING_INFORMATION);
  });

  it('answers 400 for a time that is not one of the slots, a past time, or a service the expert does not give', async () => {
    const odd = await postBooking(t.app, owner, videoBooking(instant.id, daysAhead(13), '9:15 AM'));
    expect(odd.statusCode).toBe(400);
    expect(odd.json().message).toBe('Please choose one of the listed times.');
    const past = await postBooking(t.app, owner, videoBooking(instant.id, daysAhead(-2)));
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe('That time has already passed. Please choose a later time.');
    const onsite = await postBooking(t.app, owner, onsiteBooking(videoOnly.id, daysAhead(13)));
    expect(onsite.statusCode).toBe(400);
    expect(onsite.json().message).toBe('This expert does not offer onsite service.');
    const serviceType = await postBooking(t.app, owner, { ...videoBooking(instant.id, daysAhead(13)), serviceType: 'phone' });
    expect(serviceType.statusCode).toBe(400);
  });

  it('answers 401 when signed out, and stores nothing', async () => {
    const before = await t.database.db.$count(bookings);
    const response = await postBooking(t.app, null, videoBooking(instant.id, daysAhead(14)));
    expect(response.statusCode).toBe(401);
    expect(await t.database.db.$count(bookings)).toBe(before);
  });

  it('answers 404 for an unknown expert and 409 for one who is away', async () => {
    expect((await postBooking(t.app, owner, videoBooking(999_999, daysAhead(14)))).statusCode).toBe(404);
    const response = await postBooking(t.app, owner, videoBooking(away.id, daysAhead(14)));
    expect(response.statusCode).toBe(409);
  });

  it('refuses an expert booking themselves, for a video consultation or a visit, and stores nothing', async () => {
    const before = await t.database.db.$count(bookings);
    for (const payload of [videoBooking(answering.id, daysAhead(14)), onsiteBooking(answering.id, daysAhead(14))]) {
      const response = await postBooking(t.app, expertUser, payload, `self-${payload.serviceType}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: SELF_BOOKING, errors: { expertId: SELF_BOOKING } });
    }
    expect(SELF_BOOKING).toBe('You cannot book yourself');
    expect(await t.database.db.$count(bookings)).toBe(before);
  });

  it('answers 409 with the product’s words for a time that was just booked', async () => {
    const date = daysAhead(15);
    await book(owner, videoBooking(instant.id, date, '11:00 AM'));
    const response = await postBooking(t.app, stranger, videoBooking(instant.id, date, '11:00 AM'));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'That time was just booked. Please choose another time.' });
  });

  it('answers a retry with the same Idempotency-Key with the first booking, and refuses the key for another one', async () => {
    const payload = videoBooking(instant.id, daysAhead(16), '3:00 PM');
    const first = await postBooking(t.app, owner, payload, 'submit-0001');
    const retry = await postBooking(t.app, owner, payload, 'submit-0001');
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().id).toBe(first.json().id);
    const reused = await postBooking(t.app, owner, { ...payload, preferredTime: '4:00 PM' }, 'submit-0001');
    expect(reused.statusCode).toBe(409);
    const malformed = await postBooking(t.app, owner, payload, 'bad key!');
    expect(malformed.statusCode).toBe(400);
  });
});

describe('reading bookings', () => {
  it("lists only the caller's own bookings, upcoming first", async () => {
    const mine = (await get(owner, '/api/bookings')).json() as BookingDetail[];
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((b) => b.owner.name === 'Olive Owner')).toBe(true);
    const starts = mine.map((b) => b.startsAt);
    expect(starts).toEqual([...starts].sort());
    expect((await get(stranger, '/api/bookings')).json()).toEqual([]);
    expect((await get(null, '/api/bookings')).statusCode).toBe(401);
  });

  it('shows a booking with its history to its owner, its expert and an administrator, each as its reader, and to no one else', async () => {
    const booking = await book(owner, videoBooking(answering.id, daysAhead(17, 'America/Los_Angeles'), '1:00 PM'));
    const asOwner = await get(owner, `/api/bookings/${booking.id}`);
    expect(asOwner.statusCode).toBe(200);
    expect(asOwner.json().history).toEqual([expect.objectContaining({ action: 'create', status: 'requested', by: 'owner' })]);
    expect(asOwner.json().allowedActions).toEqual(['cancel', 'reschedule']);
    expect(asOwner.json().viewer).toBe('owner');
    const asExpert = await get(expertUser, `/api/bookings/${booking.id}`);
    expect(asExpert.statusCode).toBe(200);
    expect(asExpert.json().allowedActions).toEqual(['confirm', 'decline', 'cancel']);
    expect(asExpert.json().viewer).toBe('expert');
    const asAdmin = await get(admin, `/api/bookings/${booking.id}`);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().viewer).toBe('admin');
    expect((await get(stranger, `/api/bookings/${booking.id}`)).statusCode).toBe(404);
    expect((await get(owner, '/api/bookings/not-a-booking')).statusCode).toBe(404);
    expect((await get(owner, '/api/bookings/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get(null, `/api/bookings/${booking.id}`)).statusCode).toBe(401);
  });

  it("answers the caller's video consultations as the dashboard's Consultation", async () => {
    const consultations = (await get(owner, '/api/consultations')).json();
    expect(consultations.length).toBeGreaterThan(0);
    expect(consultations[0]).toEqual({
      id: expect.any(String),
      status: 'scheduled',
      scheduledDate: expect.any(String),
      expertName: expect.any(String),
      bookingStatus: expect.stringMatching(/requested|confirmed/),
    });
    expect((await get(null, '/api/consultations')).statusCode).toBe(401);
  });
});

describe('cancelling', () => {
  it('cancels with a reason, records it, and refuses to cancel twice', async () => {
    const booking = await book(owner, videoBooking(instant.id, daysAhead(18), '10:00 AM'));
    const blank = await post(owner, `/api/bookings/${booking.id}/cancel`, { reason: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Please tell us why you are cancelling');
    const cancelled = await post(owner, `/api/bookings/${booking.id}/cancel`, { reason: 'Fixed it myself' });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', cancelReason: 'Fixed it myself', allowedActions: [] });
    expect(cancelled.json().history.at(-1)).toMatchObject({ action: 'cancel', status: 'cancelled', by: 'owner', note: 'Fixed it myself' });
    const again = await post(owner, `/api/bookings/${booking.id}/cancel`, { reason: 'again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This booking is cancelled and can no longer be cancelled.');
    // The freed time can be booked again.
    expect((await postBooking(t.app, stranger, videoBooking(instant.id, daysAhead(18), '10:00 AM'))).statusCode).toBe(201);
  });

  it("writes one audit entry with who, what, when, before and after", async () => {
    const booking = await book(owner, videoBooking(instant.id, daysAhead(19), '10:00 AM'));
    await post(owner, `/api/bookings/${booking.id}/cancel`, { reason: 'Sold the boat' });
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, booking.id));
    expect(entries.map((e) => e.action)).toEqual(['booking.create', 'booking.cancel']);
    expect(entries[1]).toMatchObject({ actorUserId: owner.id, actorRole: 'owner', before: { status: 'confirmed' }, after: { status: 'cancelled' }, note: 'Sold the boat' });
  });

  it("answers 404 for someone else's booking and 401 when signed out", async () => {
    const booking = await book(owner, videoBooking(instant.id, daysAhead(22), '10:00 AM'));
    expect((await post(stranger, `/api/bookings/${booking.id}/cancel`, { reason: 'mine now' })).statusCode).toBe(404);
    expect((await post(null, `/api/bookings/${booking.id}/cancel`, { reason: 'x' })).statusCode).toBe(401);
    expect((await get(owner, `/api/bookings/${booking.id}`)).json().status).toBe('confirmed');
  });

  it('refuses once the booking has started', async () => {
    const booking = await book(owner, videoBooking(instant.id, daysAhead(23), '10:00 AM'));
    clock.set(new Date(new Date(booking.startsAt).getTime() + 60_000));
    try {
      const response = await post(owner, `/api/bookings/${booking.id}/cancel`, { reason: 'too late' });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe('This booking has already started; that is no longer possible.');
    } finally {
      clock.set(new Date());
    }
  });
});

describe('rescheduling', () => {
  it('moves a booking to another free time and records the move', async () => {
    const date = daysAhead(24);
    const booking = await book(owner, videoBooking(instant.id, date, '9:00 AM'));
    const moved = await post(owner, `/api/bookings/${booking.id}/reschedule`, { scheduledDate: daysAhead(25), preferredTime: '1:00 PM' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ scheduledDate: daysAhead(25), preferredTime: '1:00 PM', status: 'confirmed' });
    expect(moved.json().history.at(-1)).toMatchObject({ action: 'reschedule', status: 'confirmed', by: 'owner' });
    expect(moved.json().history.at(-1).note).toMatch(/^Moved from .* at 9:00 AM Eastern (Standard|Daylight) Time to .* at 1:00 PM Eastern (Standard|Daylight) Time$/);
    // The old time is free again.
    const slots = (await get(null, `/api/experts/${instant.id}/slots?type=video&date=${date}`)).json();
    expect(slots.map((s: { time: string }) => s.time)).toContain('9:00 AM');
  });

  it('sends a booking back to the expert for confirmation when the expert answers requests', async () => {
    const booking = await book(owner, videoBooking(answering.id, daysAhead(24, 'America/Los_Angeles'), '9:00 AM'));
    await post(expertUser, `/api/bookings/${booking.id}/confirm`);
    const moved = await post(owner, `/api/bookings/${booking.id}/reschedule`, { scheduledDate: daysAhead(26, 'America/Los_Angeles'), preferredTime: '2:00 PM' });
    expect(moved.json().status).toBe('requested');
  });

  it('refuses a taken time (409), the same time (400) and someone else’s booking (404)', async () => {
    const date = daysAhead(27);
    const first = await book(owner, videoBooking(instant.id, date, '9:00 AM'));
    await book(stranger, videoBooking(instant.id, date, '10:00 AM'));
    const taken = await post(owner, `/api/bookings/${first.id}/reschedule`, { scheduledDate: date, preferredTime: '10:00 AM' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('That time was just booked. Please choose another time.');
    const same = await post(owner, `/api/bookings/${first.id}/reschedule`, { scheduledDate: date, preferredTime: '9:00 AM' });
    expect(same.statusCode).toBe(400);
    expect((await post(stranger, `/api/bookings/${first.id}/reschedule`, { scheduledDate: date, preferredTime: '11:00 AM' })).statusCode).toBe(404);
    const missing = await post(owner, `/api/bookings/${first.id}/reschedule`, { preferredTime: '11:00 AM' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(DATE_REQUIRED);
  });
});

describe("the expert's answers", () => {
  it('lets the expert confirm or decline a request, and not the owner (403)', async () => {
    const a = await book(owner, videoBooking(answering.id, daysAhead(28, 'America/Los_Angeles'), '9:00 AM'));
    expect((await post(owner, `/api/bookings/${a.id}/confirm`)).statusCode).toBe(403);
    const confirmed = await post(expertUser, `/api/bookings/${a.id}/confirm`);
    expect(confirmed.json()).toMatchObject({ status: 'confirmed' });
    expect((await post(expertUser, `/api/bookings/${a.id}/confirm`)).statusCode).toBe(409);
    const b = await book(owner, videoBooking(answering.id, daysAhead(28, 'America/Los_Angeles'), '10:00 AM'));
    const declined = await post(expertUser, `/api/bookings/${b.id}/decline`, { reason: 'On vacation' });
    expect(declined.json()).toMatchObject({ status: 'declined', cancelReason: 'On vacation' });
    // Another expert's booking is not theirs to see.
    const c = await book(owner, videoBooking(instant.id, daysAhead(28), '9:00 AM'));
    expect((await post(expertUser, `/api/bookings/${c.id}/confirm`)).statusCode).toBe(404);
  });

  it('completes only after the start', async () => {
    const booking = await book(owner, videoBooking(answering.id, daysAhead(29, 'America/Los_Angeles'), '9:00 AM'));
    await post(expertUser, `/api/bookings/${booking.id}/confirm`);
    expect((await post(expertUser, `/api/bookings/${booking.id}/complete`)).statusCode).toBe(409);
    clock.set(new Date(new Date(booking.endsAt).getTime() + 60_000));
    try {
      const done = await post(expertUser, `/api/bookings/${booking.id}/complete`);
      expect(done.json().status).toBe('completed');
    } finally {
      clock.set(new Date());
    }
  });
});

describe('background jobs', () => {
  it('expires a request nobody answered within 24 hours, and completes a confirmed booking 24 hours after its end', async () => {
    const fresh = await signUp(t.app);
    const request = await book(fresh, videoBooking(answering.id, daysAhead(40, 'America/Los_Angeles'), '9:00 AM'));
    const confirmed = await book(fresh, videoBooking(instant.id, daysAhead(2), '9:00 AM'));
    const stored = await t.database.db.select().from(bookings).where(eq(bookings.id, request.id));
    expect(stored[0]!.expiresAt!.getTime()).toBeCloseTo(clock.now().getTime() + 24 * 3600_000, -4);

    clock.advance(25 * 3600_000);
    await t.app.jobs.runNow('bookings-sweep', {});
    expect((await get(fresh, `/api/bookings/${request.id}`)).json()).toMatchObject({ status: 'expired' });
    expect((await get(fresh, `/api/bookings/${confirmed.id}`)).json().status).toBe('confirmed');

    clock.set(new Date(new Date(confirmed.endsAt).getTime() + 24 * 3600_000 + 60_000));
    await t.app.jobs.runNow('bookings-sweep', {});
    const done = (await get(fresh, `/api/bookings/${confirmed.id}`)).json();
    expect(done.status).toBe('completed');
    expect(done.history.at(-1)).toMatchObject({ action: 'complete', by: 'system' });
    clock.set(new Date());

    const stats = (await get(fresh, '/api/dashboard/stats')).json();
    // Ivy's minimum onsite visit is 2 x $120 = $240; the consultation cost $80.
    expect(stats).toEqual({ consultations: 1, services: 0, aiQueries: 0, savings: 160 });
    const activity = (await get(fresh, '/api/dashboard/recent-activity')).json();
    expect(activity.map((a: { type: string; status: string }) => [a.type, a.status])).toEqual(
      expect.arrayContaining([['consultation', 'completed'], ['consultation', 'expired']]),
    );
    expect(activity[0].href).toMatch(/^\/bookings\//);
  });
});

describe('payments without a provider', () => {
  it('tells the client that payments are off', async () => {
    expect((await get(null, '/api/config')).json()).toEqual({ payments: { provider: 'none', publishableKey: null } });
  });

  it('answers the payment-intent call with 503 and the product’s message, and 401 when signed out', async () => {
    const booking = await book(owner, videoBooking(instant.id, daysAhead(30), '9:00 AM'));
    const response = await post(owner, '/api/create-payment-intent', { bookingId: booking.id, amount: 100, expertId: instant.id, serviceType: 'video' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ message: PAYMENT_UNAVAILABLE });
    expect((await post(null, '/api/create-payment-intent', { bookingId: booking.id })).statusCode).toBe(401);
  });
});
