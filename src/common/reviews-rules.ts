/**
 * The limits and messages of reviews. No zod here, so an expert's profile shows its reviews on its first
 * paint; the review schemas (common/reviews.ts, and zod with them) load with the forms that need them.
 */

/** How long after a booking's end its owner may review it. */
export const REVIEW_WINDOW_DAYS = 30;
export const REVIEW_TEXT_MIN = 10;
export const REVIEW_TEXT_MAX = 2000;
export const REPLY_MAX = 1000;
export const MODERATION_REASON_MAX = 500;
/** Reviews per page of the expert's profile. */
export const REVIEW_PAGE_SIZE = 5;
export const REVIEW_PAGE_MAX = 50;

/**
 * A review's moderation state: published; reported by the expert and waiting for an administrator
 * (still shown meanwhile, so reporting alone cannot remove an unwelcome review); kept by an
 * administrator (cannot be reported again); hidden by an administrator (left off the profile and the figures).
 */
export const REVIEW_STATUSES = ['published', 'reported', 'kept', 'hidden'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const VISIBLE_REVIEW_STATUSES = ['published', 'reported', 'kept'] as const satisfies readonly ReviewStatus[];

export const RATING_REQUIRED = 'Please choose a rating from 1 to 5 stars';
export const REVIEW_TOO_SHORT = `Please write at least ${REVIEW_TEXT_MIN} characters, or leave the review empty`;
export const REVIEW_TOO_LONG = `The review must be at most ${REVIEW_TEXT_MAX} characters`;
export const REPLY_REQUIRED = 'Please write your reply';
export const REPLY_TOO_LONG = `The reply must be at most ${REPLY_MAX} characters`;
export const REASON_REQUIRED = 'Please give a reason';
export const REASON_TOO_LONG = `The reason must be at most ${MODERATION_REASON_MAX} characters`;
export const CONTROL_CHARACTERS = 'Remove the control characters from the text';
