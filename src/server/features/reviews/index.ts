// The reviews feature's door: its routes for app.ts, the ratings the dashboard shows, and an expert's own
// reviews as the profile's structured data gives them.
export { reviewRoutes } from './routes.js';
export { ratingsOfBookings, verifiedReviews } from './read-reviews.js';
