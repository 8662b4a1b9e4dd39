// The reviews feature's door: what pages, the app and other features may use of it.
export { expertReviewsQueryOptions } from './api';
export { BookingReviewCard } from './booking-review-card';
export { ExpertReviews } from './expert-reviews';
export { ReportedReviewsQueue } from './reported-reviews-queue';
export { WorkspaceReviewsPanel } from './workspace-reviews-panel';
