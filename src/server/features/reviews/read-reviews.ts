import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { bookings, experts, reviews, users } from '../../db/schema.js';
import { AppError } from '../../core/app-error.js';
import { dealtWithOthers } from '../bookings/index.js';
import {
  reviewerName,
  type ExpertReview,
  type PublicReview,
  type ReportedReview,
  type ReviewPage,
} from '../../../common/reviews.js';

export const REVIEW_NOT_FOUND = 'Review not found';
export const BAD_CURSOR = 'cursor is not one this server gave';
/** The administrators' queue shows the oldest reports first, this many at a time. */
const QUEUE_LIMIT = 100;

const reviewColumns = {
  review: reviews,
  firstName: users.firstName,
  lastName: users.lastName,
  deletedAt: users.deletedAt,
  serviceType: bookings.serviceType,
  bookingNumber: bookings.number,
  expertName: experts.name,
};

type ReviewRow = {
  review: typeof reviews.$inferSelect;
  firstName: string | null;
  lastName: string | null;
  deletedAt: Date | null;
  serviceType: 'video' | 'onsite';
  bookingNumber: number;
  expertName: string;
};

function selectReviews(db: Database) {
  return db
    .select(reviewColumns)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .innerJoin(bookings, eq(bookings.id, reviews.bookingId))
    .innerJoin(experts, eq(experts.id, reviews.expertId))
    .$dynamic();
}

export function toPublicReview(row: ReviewRow): PublicReview {
  const { review } = row;
  return {
    id: review.id,
    rating: review.rating,
    text: review.text,
    // A deleted account keeps its reviews, without its name.
    authorName: row.deletedAt ? 'Former member' : reviewerName(row.firstName, row.lastName),
    createdAt: review.createdAt.toISOString(),
    verifiedBooking: true,
    serviceType: row.serviceType,
    reply: review.reply,
    repliedAt: review.repliedAt?.toISOString() ?? null,
  };
}

function toExpertReview(row: ReviewRow): ExpertReview {
  return {
    ...toPublicReview(row),
    status: row.review.status,
    bookingNumber: row.bookingNumber,
    reportReason: row.review.reportReason,
  };
}

/** The cursor of the page after `review`: its id, which fixes its place in (created_at, id) order. */
const cursorOf = (review: { id: number }) => Buffer.from(`r${review.id}`).toString('base64url');

function parseCursor(cursor: string): number {
  const match = /^r([1-9][0-9]{0,9})$/.exec(Buffer.from(cursor, 'base64url').toString());
  const id = match ? Number(match[1]) : NaN;
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) throw new AppError('BAD_REQUEST', BAD_CURSOR);
  return id;
}

/** Newest first, `limit` at a time; the cursor continues after the review it names. */
async function reviewPage(db: Database, where: SQL, limit: number, cursor: string | undefined) {
  const conditions = [where];
  if (cursor) {
    const after = parseCursor(cursor);
    conditions.push(
      sql`(${reviews.createdAt}, ${reviews.id}) < (select r.created_at, r.id from reviews r where r.id = ${after})`,
    );
  }
  const rows = await selectReviews(db)
    .where(and(...conditions))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit + 1);
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  return { rows: page, nextCursor: more ? cursorOf(page[page.length - 1]!.review) : null };
}

/** The expert's reviews the public sees and their figures count: not hidden, not of a booking of their own. */
const shownReviews = (expertId: number) => and(eq(reviews.expertId, expertId), ne(reviews.status, 'hidden'), dealtWithOthers(reviews.bookingId))!;

/** The expert's public reviews. */
export async function listExpertReviews(db: Database, expertId: number, limit: number, cursor?: string): Promise<ReviewPage> {
  const page = await reviewPage(db, shownReviews(expertId), limit, cursor);
  return { reviews: page.rows.map(toPublicReview), nextCursor: page.nextCursor };
}

/**
 * What the expert's own reviews say, without the figures they had before reviews were collected here
 * (the demo experts' prior): how many are shown, their average (two decimals), and the newest `limit`.
 * Every review is of a completed booking, written by its owner.
 */
export async function verifiedReviews(db: Database, expertId: number, limit: number): Promise<{ count: number; average: string; latest: PublicReview[] }> {
  const shown = shownReviews(expertId);
  const [[totals], page] = await Promise.all([
    db.select({ count: sql<number>`count(*)::int`, average: sql<string>`coalesce(round(avg(${reviews.rating}), 2), 0)::text` }).from(reviews).where(shown),
    reviewPage(db, shown, limit, undefined),
  ]);
  return { count: totals!.count, average: Number(totals!.average).toFixed(2), latest: page.rows.map(toPublicReview) };
}

/** Every review of the expert, with its state, for their workspace. */
export async function listReviewsOfOwnExpert(db: Database, expertId: number, limit: number, cursor?: string) {
  const page = await reviewPage(db, eq(reviews.expertId, expertId), limit, cursor);
  return { reviews: page.rows.map(toExpertReview), nextCursor: page.nextCursor };
}

/** One review with its state, as its expert sees it. */
export async function getExpertReview(db: Database, reviewId: number): Promise<ExpertReview> {
  const [row] = await selectReviews(db).where(eq(reviews.id, reviewId));
  if (!row) throw new AppError('NOT_FOUND', REVIEW_NOT_FOUND);
  return toExpertReview(row);
}

/** The booking's review, if written. */
export async function reviewOfBooking(db: Database, bookingId: string) {
  const [row] = await selectReviews(db).where(eq(reviews.bookingId, bookingId));
  return row ? { ...toPublicReview(row), status: row.review.status } : null;
}

/** The administrators' queue: reviews reported and not yet decided, oldest report first. */
export async function listReportedReviews(db: Database): Promise<ReportedReview[]> {
  const rows = await selectReviews(db).where(eq(reviews.status, 'reported')).orderBy(asc(reviews.reportedAt), asc(reviews.id)).limit(QUEUE_LIMIT);
  return rows.map((row) => ({
    ...toExpertReview(row),
    expertId: row.review.expertId,
    expertName: row.expertName,
    reportedAt: row.review.reportedAt!.toISOString(),
  }));
}

/** The owner's rating of each of these bookings they reviewed (an activity item's rating, docs/PRODUCT.md#dashboard). */
export async function ratingsOfBookings(db: Database, bookingIds: string[]): Promise<Map<string, number>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await db.select({ bookingId: reviews.bookingId, rating: reviews.rating }).from(reviews).where(inArray(reviews.bookingId, bookingIds));
  return new Map(rows.map((row) => [row.bookingId, row.rating]));
}

/** A review id from the URL; anything else is an unknown review (404). */
export function parseReviewId(raw: string): number {
  const id = /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) throw new AppError('NOT_FOUND', REVIEW_NOT_FOUND);
  return id;
}
