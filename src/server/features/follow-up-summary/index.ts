// The follow-up-summary feature's door: its routes, and which bookings have a summary (the dashboard).
export { followUpSummaryRoutes } from './routes.js';
export { bookingsWithSummary } from './read-summary.js';
