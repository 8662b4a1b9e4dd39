// The external-calendars feature's door: its routes and jobs for app.ts; the busy times the bookings
// feature subtracts from an expert's free times.
export { externalCalendarRoutes } from './routes.js';
export { defineExternalCalendarJobs, CALENDAR_READ_QUEUE, CALENDAR_ROUND_QUEUE } from './calendar-jobs.js';
export { externalBusyBetween, externalBusyRows } from './busy-overlap.js';
export { calendarReadLimits } from './read-calendar-address.js';
