// The reviews feature's door: its routes for app.ts, and the ratings the dashboard shows.
export { reviewRoutes } from './routes.js';
export { ratingsOfBookings } from './read-reviews.js';
