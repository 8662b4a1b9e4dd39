// The calendar-feed feature's door: its routes for app.ts.
export { calendarFeedRoutes } from './routes.js';
