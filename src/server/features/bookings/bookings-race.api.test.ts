import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../test/test-app.js';
import { insertExpert } from '../../test/expert-factory.js';
import { daysAhead, onsiteBooking, postBooking, videoBooking } from '../../test/booking-helpers.js';
import { bookings } from '../../db/schema.js';
import { toAppError } from '../../core/database-error.js';
import { AppError } from '../../core/app-error.js';
import { LOCKS } from '../../db/transaction.js';

let t: TestApp;
let owners: TestUser[];
let expert: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  expert = await insertExpert(t.database.db, { instantBooking: true, onsiteMinimumHours: 1 });
  owners = [];
  for (let i = 0; i < 10; i++) owners.push(await signUp(t.app));
});
afterAll(() => t.close());

describe('two people booking the same minute', () => {
  it('50 concurrent bookings of one expert: no overlap, every loser 409, no 5xx', async () => {
    const date = daysAhead(9);
    const onsiteStarts = ['8:00 AM', '9:00 AM', '10:00 AM', '11:00 AM'];
    const requests = Array.from({ length: 50 }, (_, i) =>
      i % 2 === 0
        ? videoBooking(expert.id, date, '10:00 AM')
        : onsiteBooking(expert.id, date, onsiteStarts[i % onsiteStarts.length], 2 + (i % 3)),
    );
    const answers = await Promise.all(requests.map((payload, i) => postBooking(t.app, owners[i % owners.length]!, payload)));

    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    const winners = answers.filter((a) => a.statusCode === 201);
    expect(winners.length).toBeGreaterThanOrEqual(1);
    for (const loser of answers.filter((a) => a.statusCode === 409)) {
      expect(loser.json()).toEqual({ message: 'That time was just booked. Please choose another time.' });
    }

    const rows = await t.database.db.select().from(bookings).where(eq(bookings.expertId, expert.id));
    expect(rows).toHaveLength(winners.length);
    for (const a of rows) {
      for (const b of rows) {
        if (a.id === b.id) continue;
        const overlap = a.startsAt < b.endsAt && b.startsAt < a.endsAt;
        expect(overlap, `${a.startsAt.toISOString()} overlaps ${b.startsAt.toISOString()}`).toBe(false);
      }
    }
  });

  it('is guarded by the database itself: an overlapping live booking cannot be written, whatever the code does', async () => {
    const [first] = await t.database.db.select().from(bookings).where(eq(bookings.expertId, expert.id)).limit(1);
    const { id: _id, number: _number, ...copy } = first!;
    const overlapping = { ...copy, startsAt: new Date(first!.startsAt.getTime() + 60_000), endsAt: new Date(first!.endsAt.getTime() + 60_000) };
    const error = await t.database.db.insert(bookings).values(overlapping).then(() => null, (e: unknown) => e);
    const mapped = toAppError(error);
    expect(mapped).toBeInstanceOf(AppError);
    expect(mapped).toMatchObject({ statusCode: 409, message: 'That time was just booked. Please choose another time.' });
    // A cancelled booking holds no time.
    await t.database.db.insert(bookings).values({ ...overlapping, status: 'cancelled' });
  });
});

// Only PostgreSQL runs two transactions at once: PGlite runs one at a time, so its bookings never wait on
// a suspension in progress.
if (process.env.TEST_DB === 'postgres') describe('a booking meeting a suspension', () => {
  it("is refused (404) when the expert's suspension commits while the booking waits for the expert's lock", async () => {
    const suspended = await insertExpert(t.database.db, { instantBooking: true });
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: t.database.url });
    await admin.connect();
    try {
      // As an administrator's suspension does: the expert's booking lock first, then the profile.
      await admin.query('begin');
      await admin.query('select pg_advisory_xact_lock($1::int, $2::int)', [LOCKS.bookingsOfExpert, suspended.id]);
      await admin.query(`update experts set status = 'suspended' where id = $1`, [suspended.id]);
      const booking = postBooking(t.app, owners[0]!, videoBooking(suspended.id, daysAhead(12), '10:00 AM'));
      // The booking has read the expert as approved and now waits for the lock.
      await expect.poll(async () => (await admin.query(`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`)).rows[0].n).toBe(1);
      await admin.query('commit');
      const answer = await booking;
      expect(answer.statusCode).toBe(404);
      expect(await t.database.db.select().from(bookings).where(eq(bookings.expertId, suspended.id))).toEqual([]);
    } finally {
      await admin.end();
    }
  });
});
