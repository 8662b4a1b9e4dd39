// The admin-experts feature's door: its routes for app.ts, and the reason a suspension gives the
// bookings it cancels (an account's deletion gives the same).
export { adminExpertRoutes } from './routes.js';
export { SUSPENSION_CANCEL_REASON } from './suspend-expert.js';
