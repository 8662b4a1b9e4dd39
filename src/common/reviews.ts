import { z } from 'zod';
import {
  REVIEW_WINDOW_DAYS,
  REVIEW_TEXT_MIN,
  REVIEW_TEXT_MAX,
  REPLY_MAX,
  MODERATION_REASON_MAX,
  REVIEW_PAGE_SIZE,
  REVIEW_PAGE_MAX,
  REVIEW_STATUSES,
  RATING_REQUIRED,
  REVIEW_TOO_SHORT,
  REVIEW_TOO_LONG,
  REPLY_REQUIRED,
  REPLY_TOO_LONG,
  REASON_REQUIRED,
  REASON_TOO_LONG,
  CONTROL_CHARACTERS,
} from './reviews-rules.js';

/**
 * Verified reviews: what a boat owner writes about an expert after a completed booking, and the rules
 * server, client and tests share.
 */

/** Control characters other than tab and line breaks: invisible, and PostgreSQL refuses NUL in text. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const withoutControls = (text: string) => !CONTROL.test(text);

/** `POST /api/bookings/{id}/review`: 1 to 5 whole stars; the text is optional, 10 to 2000 characters when given. */
export const createReviewSchema = z.object({
  rating: z.number({ error: RATING_REQUIRED }).int(RATING_REQUIRED).min(1, RATING_REQUIRED).max(5, RATING_REQUIRED),
  text: z
    .string({ error: 'The review must be text' })
    .refine(withoutControls, CONTROL_CHARACTERS)
    .trim()
    .refine((text) => text === '' || text.length >= REVIEW_TEXT_MIN, REVIEW_TOO_SHORT)
    .max(REVIEW_TEXT_MAX, REVIEW_TOO_LONG)
    .nullish()
    .transform((text) => text || null),
});
export type CreateReviewInput = z.input<typeof createReviewSchema>;

const requiredText = (required: string, tooLong: string, max: number) =>
  z.string({ error: required }).refine(withoutControls, CONTROL_CHARACTERS).trim().min(1, required).max(max, tooLong);

/** The expert's one reply. */
export const replyReviewSchema = z.object({ reply: requiredText(REPLY_REQUIRED, REPLY_TOO_LONG, REPLY_MAX) });
export type ReplyReviewInput = z.input<typeof replyReviewSchema>;

/** The expert's report, and an administrator's reason to hide: kept with the review and in the audit log. */
export const reviewReasonSchema = z.object({ reason: requiredText(REASON_REQUIRED, REASON_TOO_LONG, MODERATION_REASON_MAX) });
export type ReviewReasonInput = z.input<typeof reviewReasonSchema>;

/** A review as the expert's public profile shows it: the owner as 'Jane D.', never their account. */
export const publicReviewSchema = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  text: z.string().nullable(),
  /** 'Jane D.' */
  authorName: z.string(),
  createdAt: z.iso.datetime(),
  /** Always true: only a completed booking's owner can write one. */
  verifiedBooking: z.literal(true),
  serviceType: z.enum(['video', 'onsite']),
  reply: z.string().nullable(),
  repliedAt: z.iso.datetime().nullable(),
});
export type PublicReview = z.infer<typeof publicReviewSchema>;

/** `GET /api/experts/{id}/reviews`: newest first; `nextCursor` asks for the next page, null on the last. */
export const reviewPageSchema = z.object({
  reviews: z.array(publicReviewSchema),
  nextCursor: z.string().nullable(),
});
export type ReviewPage = z.infer<typeof reviewPageSchema>;

export const reviewPageQuerySchema = z.object({
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${REVIEW_PAGE_MAX}` })
    .int(`limit must be a whole number from 1 to ${REVIEW_PAGE_MAX}`)
    .min(1, `limit must be a whole number from 1 to ${REVIEW_PAGE_MAX}`)
    .max(REVIEW_PAGE_MAX, `limit must be a whole number from 1 to ${REVIEW_PAGE_MAX}`)
    .default(REVIEW_PAGE_SIZE),
  cursor: z.string().max(200, 'cursor is not one this server gave').optional(),
});

/** A review as its expert sees it in the workspace, with its moderation state. */
export const expertReviewSchema = publicReviewSchema.extend({
  status: z.enum(REVIEW_STATUSES),
  bookingNumber: z.number().int(),
  reportReason: z.string().nullable(),
});
export type ExpertReview = z.infer<typeof expertReviewSchema>;

/** A reported review in the administrators' queue. */
export const reportedReviewSchema = expertReviewSchema.extend({
  expertId: z.number().int(),
  expertName: z.string(),
  reportedAt: z.iso.datetime(),
});
export type ReportedReview = z.infer<typeof reportedReviewSchema>;

/**
 * `GET /api/bookings/{id}/review`: the booking's review and whether its owner may still write one.
 * `open` until `closesAt`; `closed` after it; `not-completed` before the booking is completed (or when it
 * never will be); `not-owner` for the booking's expert or an administrator, who read it but cannot write.
 */
export const bookingReviewSchema = z.object({
  review: publicReviewSchema.extend({ status: z.enum(REVIEW_STATUSES) }).nullable(),
  eligibility: z.enum(['open', 'closed', 'not-completed', 'not-owner', 'reviewed']),
  /** The caller is the booking's owner (who wrote, or may write, the review). */
  yours: z.boolean(),
  /** The last moment a review is accepted (30 days after the booking's end). */
  closesAt: z.iso.datetime(),
});
export type BookingReview = z.infer<typeof bookingReviewSchema>;

/** The moment reviewing a booking that ended at `endsAt` closes. */
export function reviewClosesAt(endsAt: Date | string): Date {
  return new Date(new Date(endsAt).getTime() + REVIEW_WINDOW_DAYS * 86_400_000);
}

/** 'Jane D.' from the account's names; 'Boat owner' when there is no first name (a deleted account). */
export function reviewerName(firstName: string | null | undefined, lastName: string | null | undefined): string {
  const first = (firstName ?? '').trim();
  if (!first) return 'Boat owner';
  const initial = (lastName ?? '').trim().charAt(0).toUpperCase();
  return initial ? `${first} ${initial}.` : first;
}
