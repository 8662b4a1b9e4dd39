import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, ne, sql } from 'drizzle-orm';
import { asUser, createTestApp, signUp, type TestApp, type TestUser } from '../../test/test-app.js';
import { insertExpert } from '../../test/expert-factory.js';
import { daysAhead, movableClock, postBooking, videoBooking } from '../../test/booking-helpers.js';
import { auditLog, bookings, experts, reviews, users } from '../../db/schema.js';
import type { Database } from '../../db/client.js';
import type { BookingReview, ExpertReview, ReportedReview, ReviewPage } from '../../../common/reviews.js';
import type { ActivityItem } from '../../../common/dashboard.js';
import { SELF_REVIEW } from './write-review.js';

const clock = movableClock();
let t: TestApp;
let db: Database;
let jane: TestUser;
let stranger: TestUser;
let admin: TestUser;
let expertUser: TestUser;
let otherExpertUser: TestUser;
/** Jane's expert: an account of their own, instant bookings, a seeded prior of 4.50 from 10 reviews. */
let expert: { id: number };
let otherExpert: { id: number };

beforeAll(async () => {
  t = await createTestApp({}, { now: clock.now });
  db = t.database.db;
  jane = await signUp(t.app, { firstName: 'Jane', lastName: 'doe' });
  stranger = await signUp(t.app);
  admin = await signUp(t.app);
  await db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
  expertUser = await signUp(t.app);
  otherExpertUser = await signUp(t.app);
  await db.update(users).set({ role: 'expert' }).where(eq(users.id, expertUser.id));
  await db.update(users).set({ role: 'expert' }).where(eq(users.id, otherExpertUser.id));
  expert = await insertExpert(db, { name: 'Rita Reviewed', userId: expertUser.id, instantBooking: true, rating: '4.50', reviewCount: 10 });
  otherExpert = await insertExpert(db, { name: 'Otto Other', userId: otherExpertUser.id, instantBooking: true });
});
afterAll(() => t.close());

const get = (user: TestUser | null, url: string) => t.app.inject(asUser(user, { method: 'GET', url }));
const post = (user: TestUser | null, url: string, payload: object = {}) => t.app.inject(asUser(user, { method: 'POST', url, payload }));
const put = (user: TestUser | null, url: string, payload?: object) =>
  t.app.inject(asUser(user, { method: 'PUT', url, ...(payload ? { payload } : {}) }));

let ownerCounter = 0;
/** A completed booking written straight into the table (the review rules read only its owner, status and end). */
async function insertCompletedBooking(userId: string, expertId: number, endedDaysAgo = 1) {
  ownerCounter += 1;
  const endsAt = new Date(clock.now().getTime() - endedDaysAgo * 86_400_000);
  const [row] = await db
    .insert(bookings)
    .values({
      userId,
      expertId,
      serviceType: 'video',
      status: 'completed',
      startsAt: new Date(endsAt.getTime() - 30 * 60_000 - ownerCounter * 3_600_000),
      endsAt: new Date(endsAt.getTime() - ownerCounter * 3_600_000),
      timeZone: 'America/New_York',
      description: 'Engine check',
      priceCents: 7500,
      onsiteVisitCents: 25000,
    })
    .returning();
  return row!;
}

async function expertFigures(id: number) {
  const [row] = await db.select({ rating: experts.rating, reviewCount: experts.reviewCount }).from(experts).where(eq(experts.id, id));
  return row!;
}

/** The rule of expert-rating.ts (docs/PRODUCT.md#reviews), in exact integer arithmetic: hundredths, rounded half up. */
async function figuresByFormula(id: number) {
  const [prior] = await db.select({ rating: experts.seededRating, count: experts.seededReviewCount }).from(experts).where(eq(experts.id, id));
  const visible = await db.select({ rating: reviews.rating }).from(reviews).where(and(eq(reviews.expertId, id), ne(reviews.status, 'hidden')));
  const count = prior!.count + visible.length;
  const hundredths = prior!.count * Math.round(Number(prior!.rating) * 100) + 100 * visible.reduce((sum, r) => sum + r.rating, 0);
  const rounded = count === 0 ? 0 : Math.floor((2 * hundredths + count) / (2 * count));
  return { rating: (rounded / 100).toFixed(2), reviewCount: count };
}

describe('writing a review through the product: book, complete, review', () => {
  let bookingId: string;

  it('is refused before the booking is completed (409) and says why', async () => {
    const response = await postBooking(t.app, jane, videoBooking(expert.id, daysAhead(3)));
    expect(response.statusCode).toBe(201);
    bookingId = response.json().id;
    const state = (await get(jane, `/api/bookings/${bookingId}/review`)).json() as BookingReview;
    expect(state).toMatchObject({ review: null, eligibility: 'not-completed' });
    const early = await post(jane, `/api/bookings/${bookingId}/review`, { rating: 5 });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Only a completed booking can be reviewed; this one is confirmed.');
  });

  it('opens once the expert completes it, for its owner only', async () => {
    const booking = (await get(jane, `/api/bookings/${bookingId}`)).json();
    clock.set(new Date(new Date(booking.endsAt).getTime() + 60_000));
    expect((await post(expertUser, `/api/bookings/${bookingId}/complete`)).statusCode).toBe(200);
    expect(((await get(jane, `/api/bookings/${bookingId}/review`)).json() as BookingReview).eligibility).toBe('open');
    expect(((await get(expertUser, `/api/bookings/${bookingId}/review`)).json() as BookingReview).eligibility).toBe('not-owner');

    expect((await post(null, `/api/bookings/${bookingId}/review`, { rating: 5 })).statusCode).toBe(401);
    expect((await post(stranger, `/api/bookings/${bookingId}/review`, { rating: 5 })).statusCode).toBe(404);
    expect((await get(stranger, `/api/bookings/${bookingId}/review`)).statusCode).toBe(404);
    expect((await post(stranger, '/api/bookings/not-a-booking/review', { rating: 5 })).statusCode).toBe(404);
    const byExpert = await post(expertUser, `/api/bookings/${bookingId}/review`, { rating: 5 });
    expect(byExpert.statusCode).toBe(403);
    expect(byExpert.json().message).toBe('Only the boat owner who made this booking can review it.');
    expect((await post(admin, `/api/bookings/${bookingId}/review`, { rating: 5 })).statusCode).toBe(403);
  });

  it.each([
    ['no rating', {}, 'rating'],
    ['zero stars', { rating: 0 }, 'rating'],
    ['six stars', { rating: 6 }, 'rating'],
    ['half a star', { rating: 3.5 }, 'rating'],
    ['a string', { rating: '4' }, 'rating'],
    ['text too short', { rating: 4, text: 'ok' }, 'text'],
    ['text too long', { rating: 4, text: 'x'.repeat(2001) }, 'text'],
    ['a control character', { rating: 4, text: 'Great work\u0007 all round' }, 'text'],
    ['text not text', { rating: 4, text: 42 }, 'text'],
  ])('refuses %s with a field error (400)', async (_name, body, field) => {
    const response = await post(jane, `/api/bookings/${bookingId}/review`, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[field]).toBeTruthy();
  });

  it('refuses a NUL byte in the text (400)', async () => {
    const response = await t.app.inject(
      asUser(jane, {
        method: 'POST',
        url: `/api/bookings/${bookingId}/review`,
        headers: { 'content-type': 'application/json' },
        payload: '{"rating":4,"text":"Very good \\u0000 indeed"}',
      }),
    );
    expect(response.statusCode).toBe(400);
  });

  it('records the review, recomputes the figures in the same transaction, and shows it on the profile', async () => {
    const changedAt = async () => (await db.select({ at: experts.updatedAt }).from(experts).where(eq(experts.id, expert.id)))[0]!.at;
    const before = await changedAt();
    const response = await post(jane, `/api/bookings/${bookingId}/review`, { rating: 5, text: '  Found the overheating cause in ten minutes.  ' });
    expect(response.statusCode).toBe(201);
    const state = response.json() as BookingReview;
    expect(state.eligibility).toBe('reviewed');
    expect(state.review).toMatchObject({ rating: 5, text: 'Found the overheating cause in ten minutes.', authorName: 'Jane D.', verifiedBooking: true, status: 'published' });
    // (10 * 4.50 + 5) / 11 = 4.5454...
    expect(await expertFigures(expert.id)).toEqual({ rating: '4.55', reviewCount: 11 });
    // The profile's page changed: its last change (the sitemap's date) moves with it.
    expect((await changedAt()).getTime()).toBeGreaterThan(before.getTime());
    const profile = (await get(null, `/api/experts/${expert.id}`)).json();
    expect(profile).toMatchObject({ rating: '4.55', reviewCount: 11 });
    // The listing shows the new figures at once on this server (its cache was cleared).
    const listed = (await get(null, '/api/experts?q=Rita')).json() as { id: number; rating: string; reviewCount: number }[];
    expect(listed.find((e) => e.id === expert.id)).toMatchObject({ rating: '4.55', reviewCount: 11 });
    const page = (await get(null, `/api/experts/${expert.id}/reviews`)).json() as ReviewPage;
    expect(page.reviews[0]).toMatchObject({ authorName: 'Jane D.', rating: 5, verifiedBooking: true, serviceType: 'video', reply: null });
    const [audit] = await db.select().from(auditLog).where(and(eq(auditLog.action, 'review.create'), eq(auditLog.entityId, String(page.reviews[0]!.id))));
    expect(audit).toMatchObject({ actorUserId: jane.id, actorRole: 'owner' });
  });

  it('takes one review per booking (409)', async () => {
    const again = await post(jane, `/api/bookings/${bookingId}/review`, { rating: 1, text: 'Changed my mind about it.' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already reviewed this booking.');
    expect(await expertFigures(expert.id)).toEqual({ rating: '4.55', reviewCount: 11 });
  });

  it("shows the owner's rating on the dashboard's activity item", async () => {
    const items = (await get(jane, '/api/dashboard/recent-activity')).json() as ActivityItem[];
    expect(items.find((item) => item.id === `booking:${bookingId}`)?.rating).toBe(5);
  });

  it('keeps the unique index in the database as well', async () => {
    await expect(db.insert(reviews).values({ bookingId, expertId: expert.id, userId: jane.id, rating: 3 })).rejects.toThrow();
    await expect(db.insert(reviews).values({ bookingId: (await insertCompletedBooking(jane.id, expert.id)).id, expertId: expert.id, userId: jane.id, rating: 6 })).rejects.toThrow();
  });
});

describe('the 30-day window', () => {
  it('closes 30 days after the booking ends (409 with the date)', async () => {
    const late = await insertCompletedBooking(stranger.id, otherExpert.id, 31);
    const state = (await get(stranger, `/api/bookings/${late.id}/review`)).json() as BookingReview;
    expect(state.eligibility).toBe('closed');
    const response = await post(stranger, `/api/bookings/${late.id}/review`, { rating: 4 });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/^Reviews close 30 days after the booking; this one closed on \w+ \d+, \d{4}\.$/);
    const inTime = await insertCompletedBooking(stranger.id, otherExpert.id, 29);
    expect((await post(stranger, `/api/bookings/${inTime.id}/review`, { rating: 4 })).statusCode).toBe(201);
  });
});

describe('the profile lists reviews newest first, paged', () => {
  let paged: { id: number };
  beforeAll(async () => {
    paged = await insertExpert(db, { name: 'Pat Paged', rating: '0', reviewCount: 0 });
    for (const stars of [1, 2, 3, 4, 5]) {
      const owner = await signUp(t.app, { firstName: `Owner${stars}`, lastName: 'Smith' });
      const booking = await insertCompletedBooking(owner.id, paged.id);
      expect((await post(owner, `/api/bookings/${booking.id}/review`, { rating: stars })).statusCode).toBe(201);
    }
  });

  it('follows the cursor to the end without repeats', async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/experts/${paged.id}/reviews?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = (await get(null, url)).json() as ReviewPage;
      expect(page.reviews.length).toBeLessThanOrEqual(2);
      seen.push(...page.reviews.map((r) => r.rating));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([5, 4, 3, 2, 1]);
    // No prior: the figures are the reviews' own.
    expect(await expertFigures(paged.id)).toEqual({ rating: '3.00', reviewCount: 5 });
  });

  it('refuses a forged cursor or limit (400) and an unknown expert (404)', async () => {
    expect((await get(null, `/api/experts/${paged.id}/reviews?cursor=bm9wZQ`)).statusCode).toBe(400);
    expect((await get(null, `/api/experts/${paged.id}/reviews?limit=0`)).statusCode).toBe(400);
    expect((await get(null, `/api/experts/${paged.id}/reviews?limit=51`)).statusCode).toBe(400);
    expect((await get(null, '/api/experts/999999/reviews')).statusCode).toBe(404);
  });
});

describe("the expert's reply and report, and the administrators' decision", () => {
  let first: ExpertReview;
  let second: ExpertReview;
  beforeAll(async () => {
    const owner = await signUp(t.app, { firstName: 'Mo', lastName: 'Critic' });
    for (const text of ['Arrived late and left early.', 'Fine, but the video kept dropping.']) {
      const booking = await insertCompletedBooking(owner.id, expert.id);
      expect((await post(owner, `/api/bookings/${booking.id}/review`, { rating: 1, text })).statusCode).toBe(201);
    }
    const mine = (await get(expertUser, '/api/workspace/reviews')).json() as { reviews: ExpertReview[] };
    second = mine.reviews[0]!;
    first = mine.reviews[1]!;
    expect(first!.text).toBe('Arrived late and left early.');
  });

  it('lets the expert reply once, and only to their own reviews', async () => {
    expect((await post(expertUser, `/api/workspace/reviews/${first.id}/reply`, { reply: '   ' })).json().errors.reply).toBe('Please write your reply');
    expect((await post(otherExpertUser, `/api/workspace/reviews/${first.id}/reply`, { reply: 'Not mine' })).statusCode).toBe(404);
    expect((await post(jane, `/api/workspace/reviews/${first.id}/reply`, { reply: 'Not an expert' })).statusCode).toBe(403);
    expect((await post(null, `/api/workspace/reviews/${first.id}/reply`, { reply: 'Nobody' })).statusCode).toBe(401);
    expect((await post(expertUser, '/api/workspace/reviews/abc/reply', { reply: 'Nothing' })).statusCode).toBe(404);
    const replied = await post(expertUser, `/api/workspace/reviews/${first.id}/reply`, { reply: 'Sorry: the ferry was late.' });
    expect(replied.statusCode).toBe(200);
    expect(replied.json()).toMatchObject({ reply: 'Sorry: the ferry was late.' });
    const twice = await post(expertUser, `/api/workspace/reviews/${first.id}/reply`, { reply: 'And another thing' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('You have already replied to this review; a review takes one reply.');
    const onProfile = (await get(null, `/api/experts/${expert.id}/reviews?limit=50`)).json() as ReviewPage;
    expect(onProfile.reviews.find((r) => r.id === first.id)?.reply).toBe('Sorry: the ferry was late.');
  });

  it('queues a reported review for administrators, once', async () => {
    expect((await post(expertUser, `/api/workspace/reviews/${first.id}/report`, {})).json().errors.reason).toBe('Please give a reason');
    expect((await post(otherExpertUser, `/api/workspace/reviews/${first.id}/report`, { reason: 'x' })).statusCode).toBe(404);
    const reported = await post(expertUser, `/api/workspace/reviews/${first.id}/report`, { reason: 'This owner never booked me for that.' });
    expect(reported.statusCode).toBe(200);
    expect(reported.json().status).toBe('reported');
    expect((await post(expertUser, `/api/workspace/reviews/${first.id}/report`, { reason: 'Again' })).statusCode).toBe(409);
    expect((await post(expertUser, `/api/workspace/reviews/${second.id}/report`, { reason: 'Blames me for the internet.' })).statusCode).toBe(200);
    // Still on the profile while it waits.
    const onProfile = (await get(null, `/api/experts/${expert.id}/reviews?limit=50`)).json() as ReviewPage;
    expect(onProfile.reviews.map((r) => r.id)).toContain(first.id);

    expect((await get(expertUser, '/api/admin/reviews/reported')).statusCode).toBe(403);
    expect((await get(null, '/api/admin/reviews/reported')).statusCode).toBe(401);
    const queue = (await get(admin, '/api/admin/reviews/reported')).json() as ReportedReview[];
    expect(queue.map((r) => r.id)).toEqual([first.id, second.id]);
    expect(queue[0]).toMatchObject({ expertName: 'Rita Reviewed', reportReason: 'This owner never booked me for that.', authorName: 'Mo C.' });
  });

  it('hides a review with a reason: off the profile and out of the figures, audit-logged', async () => {
    const before = await expertFigures(expert.id);
    expect(before).toEqual(await figuresByFormula(expert.id));
    expect((await put(admin, `/api/admin/reviews/${first.id}/hide`, { reason: '' })).statusCode).toBe(400);
    expect((await put(expertUser, `/api/admin/reviews/${first.id}/hide`, { reason: 'Mine' })).statusCode).toBe(403);
    expect((await put(admin, '/api/admin/reviews/999999/hide', { reason: 'Gone' })).statusCode).toBe(404);
    const hidden = await put(admin, `/api/admin/reviews/${first.id}/hide`, { reason: 'The owner confirmed a mix-up.' });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json().status).toBe('hidden');

    const after = await expertFigures(expert.id);
    expect(after.reviewCount).toBe(before.reviewCount - 1);
    expect(after).toEqual(await figuresByFormula(expert.id));
    expect((await get(null, `/api/experts/${expert.id}`)).json()).toMatchObject(after);
    const onProfile = (await get(null, `/api/experts/${expert.id}/reviews?limit=50`)).json() as ReviewPage;
    expect(onProfile.reviews.map((r) => r.id)).not.toContain(first.id);
    // The expert sees the state, not the administrator's reason.
    const mine = (await get(expertUser, '/api/workspace/reviews?limit=50')).json() as { reviews: ExpertReview[] };
    expect(mine.reviews.find((r) => r.id === first.id)?.status).toBe('hidden');
    expect(JSON.stringify(mine)).not.toContain('mix-up');

    const [audit] = await db.select().from(auditLog).where(and(eq(auditLog.action, 'review.hide'), eq(auditLog.entityId, String(first.id))));
    expect(audit).toMatchObject({ actorUserId: admin.id, actorRole: 'admin', note: 'The owner confirmed a mix-up.', after: { status: 'hidden' } });
    expect((await put(admin, `/api/admin/reviews/${first.id}/hide`, { reason: 'Again' })).statusCode).toBe(409);
    expect((await put(admin, `/api/admin/reviews/${first.id}/keep`)).statusCode).toBe(409);
  });

  it('keeps a review: still listed and counted, cannot be reported again, audit-logged', async () => {
    const before = await expertFigures(expert.id);
    const kept = await put(admin, `/api/admin/reviews/${second.id}/keep`);
    expect(kept.statusCode).toBe(200);
    expect(kept.json().status).toBe('kept');
    expect(await expertFigures(expert.id)).toEqual(before);
    expect((await get(admin, '/api/admin/reviews/reported')).json()).toEqual([]);
    const again = await post(expertUser, `/api/workspace/reviews/${second.id}/report`, { reason: 'Please look again' });
    expect(again.statusCode).toBe(409);
    const [audit] = await db.select().from(auditLog).where(and(eq(auditLog.action, 'review.keep'), eq(auditLog.entityId, String(second.id))));
    expect(audit).toMatchObject({ actorUserId: admin.id, actorRole: 'admin' });
    const onProfile = (await get(null, `/api/experts/${expert.id}/reviews?limit=50`)).json() as ReviewPage;
    expect(onProfile.reviews.map((r) => r.id)).toContain(second.id);
  });
});

describe('concurrent reviews of one expert', () => {
  it('leave the figures exactly what the formula gives over the table', async () => {
    const busy = await insertExpert(db, { name: 'Busy Bee', rating: '4.20', reviewCount: 7 });
    const writers = await Promise.all(Array.from({ length: 12 }, (_, i) => signUp(t.app, { firstName: `Writer${i}` })));
    const bookingsOf = await Promise.all(writers.map((writer) => insertCompletedBooking(writer.id, busy.id)));
    const responses = await Promise.all(
      writers.map((writer, i) => post(writer, `/api/bookings/${bookingsOf[i]!.id}/review`, { rating: (i % 5) + 1 })),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(writers.map(() => 201));
    const figures = await expertFigures(busy.id);
    expect(figures.reviewCount).toBe(7 + 12);
    expect(figures).toEqual(await figuresByFormula(busy.id));
    // (7 * 4.20 + 1+2+3+4+5+1+2+3+4+5+1+2) / 19 = 62.4 / 19 = 3.2842...
    expect(figures.rating).toBe('3.28');
  });
});

describe('an expert reviewing themselves', () => {
  it('is refused (403), and a review of their own booking from before the rule counts nowhere', async () => {
    const selfUser = await signUp(t.app);
    await db.update(users).set({ role: 'expert' }).where(eq(users.id, selfUser.id));
    const self = await insertExpert(db, { name: 'Sam Self', userId: selfUser.id, instantBooking: true, rating: '4.50', reviewCount: 10 });
    // Written into the table: the product no longer lets an expert book themselves (older databases may hold such bookings).
    const own = await insertCompletedBooking(selfUser.id, self.id);
    expect(((await get(selfUser, `/api/bookings/${own.id}/review`)).json() as BookingReview).eligibility).toBe('not-owner');
    const response = await post(selfUser, `/api/bookings/${own.id}/review`, { rating: 5 });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(SELF_REVIEW);
    expect(await db.$count(reviews, eq(reviews.bookingId, own.id))).toBe(0);

    await db.insert(reviews).values({ bookingId: own.id, expertId: self.id, userId: selfUser.id, rating: 5, text: 'The best expert on the water.' });
    // The figures as the rule before counted them, (10 * 4.50 + 5) / 11; the migration takes the review out.
    await db.update(experts).set({ rating: '4.55', reviewCount: 11 }).where(eq(experts.id, self.id));
    const migrations = fileURLToPath(new URL('../../db/migrations/', import.meta.url));
    const migration = readdirSync(migrations).find((file) => file.endsWith('_self_dealt_reviews.sql'))!;
    await db.execute(sql.raw(readFileSync(join(migrations, migration), 'utf8')));
    expect(await expertFigures(self.id)).toEqual({ rating: '4.50', reviewCount: 10 });

    const real = await insertCompletedBooking(jane.id, self.id);
    expect((await post(jane, `/api/bookings/${real.id}/review`, { rating: 2 })).statusCode).toBe(201);
    // (10 * 4.50 + 2) / 11 = 4.2727...: the self-review is not among them.
    expect(await expertFigures(self.id)).toEqual({ rating: '4.27', reviewCount: 11 });
    const page = (await get(null, `/api/experts/${self.id}/reviews`)).json() as ReviewPage;
    expect(page.reviews.map((r) => r.rating)).toEqual([2]);
  });
});
