// The booking-messages feature's door: its routes, the unread-message e-mail job and where message photos
// are stored (app.ts opens their store).
export { bookingMessageRoutes } from './routes.js';
export { defineUnreadEmailJob } from './unread-email.js';
export { MESSAGE_PHOTOS } from './send-message.js';
