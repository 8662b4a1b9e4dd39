// The bookings feature's door: the booking-access rule every booking route uses; its routes and jobs for
// app.ts; the records, changes and cancellations the features built on bookings share.
export {
  BOOKING_NOT_FOUND,
  bookingAccess,
  bookingRolesOf,
  dealtWithOthers,
  isSelfDealt,
  loadBooking,
  partyBookings,
  partyRoleOf,
  type BookingAccess,
  type BookingRole,
} from './booking-access.js';
export type { BookingRecord } from './booking-record.js';
export type { ConversationHandoff, ConversationCopy } from './create-booking.js';
export { bookingRoutes } from './routes.js';
export { SWEEP_CRON, SWEEP_QUEUE, sweepBookings } from './sweep-bookings.js';
export { defineBookingNoticeJob } from './booking-notices.js';
export { bookingCalendarUid, consultationUrl, ownerWhen } from './booking-emails.js';
export { defineReminderJob } from './booking-reminders.js';
export { cancelUpcomingBookings } from './cancel-upcoming.js';
export { selectBookingRecords, auditSnapshot, toBooking } from './booking-record.js';
export { completedBookingFigures, recentBookings } from './read-bookings.js';
export { transitionBooking } from './change-booking.js';
export { weekdayOf } from './working-time.js';
export { insertHelpCallBooking } from './help-call-booking.js';
