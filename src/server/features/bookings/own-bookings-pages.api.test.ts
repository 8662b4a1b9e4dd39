import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestApp, signUp, type TestApp, type TestUser } from '../../test/test-app.js';
import { insertExpert } from '../../test/expert-factory.js';
import { daysAhead, movableClock, postBooking, videoBooking } from '../../test/booking-helpers.js';
import { OWN_BOOKINGS_PAGE_SIZE, type Booking } from '../../../common/bookings.js';
import { isUpcoming } from '../../../common/bookings-status.js';
import { SLOT_TIMES } from '../../../common/bookings-rules.js';

const clock = movableClock();
let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let xavier: { id: number };
let yara: { id: number };
/** The owner's bookings as made (and cancelled) before the paging starts. */
let made: Booking[] = [];
let strangers: Booking[] = [];

beforeAll(async () => {
  t = await createTestApp({}, { now: clock.now });
  owner = await signUp(t.app);
  stranger = await signUp(t.app);
  xavier = await insertExpert(t.database.db, { name: 'Xavier Cross', instantBooking: true });
  yara = await insertExpert(t.database.db, { name: 'Yara Tie', instantBooking: true });
  // Xavier every video time of three days; Yara four of the first day's, at Xavier's times (equal starts).
  for (const day of [3, 4, 5]) {
    for (const time of SLOT_TIMES.video) made.push(await book(owner, xavier.id, day, time));
  }
  for (const time of SLOT_TIMES.video.slice(0, 4)) made.push(await book(owner, yara.id, 3, time));
  const cancelled = [made[18]!, made[20]!, made[25]!, made[27]!];
  for (const booking of cancelled) {
    const response = await t.app.inject(asUser(owner, { method: 'POST', url: `/api/bookings/${booking.id}/cancel`, payload: { reason: 'Plans changed' } }));
    expect(response.statusCode, response.body).toBe(200);
  }
  made = made.map((booking) => (cancelled.includes(booking) ? { ...booking, status: 'cancelled' } : booking));
  strangers = [await book(stranger, yara.id, 6, '9:00 AM'), await book(stranger, yara.id, 6, '10:00 AM')];
});
afterAll(() => t.close());

async function book(user: TestUser, expertId: number, day: number, time: string): Promise<Booking> {
  const response = await postBooking(t.app, user, videoBooking(expertId, daysAhead(day), time));
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const list = (user: TestUser | null, query = '') => t.app.inject(asUser(user, { method: 'GET', url: `/api/bookings${query}` }));

/** The list's order: upcoming soonest first, then the rest latest first; equal starts by id. */
function listOrder(bookings: Booking[], asOf: Date): string[] {
  const key = (b: Booking) => `${b.startsAt} ${b.id}`;
  const upcoming = bookings.filter((b) => isUpcoming(b, asOf)).sort((a, b) => key(a).localeCompare(key(b)));
  const rest = bookings.filter((b) => !isUpcoming(b, asOf)).sort((a, b) => key(b).localeCompare(key(a)));
  return [...upcoming, ...rest].map((b) => b.id);
}

describe('GET /api/bookings in pages', () => {
  it('pages by cursor through every booking once, in order, while bookings are made and end between pages', async () => {
    const asOf = clock.now();
    const seen: string[] = [];
    const first = await list(owner, '?limit=6');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['x-total-count']).toBe(String(made.length));
    expect(first.headers['x-upcoming-count']).toBe(String(made.filter((b) => isUpcoming(b, asOf)).length));
    seen.push(...(first.json() as Booking[]).map((b) => b.id));
    let cursor = first.headers['x-next-cursor'] as string | undefined;
    expect(cursor).toBeTruthy();

    // Made after the first page: one before where it ended (not on a later page), one after it (on one).
    await book(owner, yara.id, 2, '9:00 AM');
    const later = await book(owner, yara.id, 4, '9:00 AM');
    for (let page = 2; cursor; page++) {
      // Past the second page, the first day's bookings are over; the pages still split as the first did.
      if (page === 3) clock.set(new Date(new Date(made[7]!.endsAt).getTime() + 60_000));
      const response = await list(owner, `?limit=6&cursor=${encodeURIComponent(cursor)}`);
      expect(response.statusCode, response.body).toBe(200);
      const bookings = response.json() as Booking[];
      expect(bookings.length).toBeLessThanOrEqual(6);
      seen.push(...bookings.map((b) => b.id));
      cursor = response.headers['x-next-cursor'] as string | undefined;
    }
    expect(seen).toEqual(listOrder([...made, later], asOf));
    expect(seen.filter((id) => strangers.some((b) => b.id === id))).toEqual([]);
  });

  it("shows another person only their own bookings, whatever cursor they send", async () => {
    const mine = await list(stranger);
    expect((mine.json() as Booking[]).map((b) => b.id)).toEqual(strangers.map((b) => b.id));
    expect(mine.headers['x-total-count']).toBe('2');
    expect(mine.headers['x-next-cursor']).toBeUndefined();
    const ownersCursor = (await list(owner, '?limit=1')).headers['x-next-cursor'] as string;
    const withIt = await list(stranger, `?cursor=${encodeURIComponent(ownersCursor)}`);
    expect(withIt.statusCode).toBe(200);
    for (const booking of withIt.json() as Booking[]) expect(strangers.map((b) => b.id)).toContain(booking.id);
    expect((await list(null)).statusCode).toBe(401);
  });

  it(`answers ${OWN_BOOKINGS_PAGE_SIZE} bookings when no limit is given`, async () => {
    const response = await list(owner);
    expect(response.json()).toHaveLength(OWN_BOOKINGS_PAGE_SIZE);
    expect(response.headers['x-next-cursor']).toBeTruthy();
  });

  it('refuses a cursor it did not make and a bad limit with 400 and a sentence', async () => {
    const invalid = 'This cursor does not belong to your bookings list; ask for the first page again';
    const forged = Buffer.from(JSON.stringify(['2030-01-01T00:00:00.000Z', 'later', '2030-01-01T00:00:00.000Z', 'x'])).toString('base64url');
    for (const cursor of ['not-a-cursor', forged, Buffer.from('[1,2').toString('base64url')]) {
      const response = await list(owner, `?cursor=${encodeURIComponent(cursor)}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: invalid, errors: { cursor: invalid } });
    }
    for (const [limit, message] of [
      ['0', 'limit must be at least 1'],
      ['101', 'limit must be at most 100'],
      ['two', 'limit must be a whole number'],
      ['2.5', 'limit must be a whole number'],
    ]) {
      const response = await list(owner, `?limit=${limit}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
  });
});
