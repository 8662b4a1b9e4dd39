// The booking-messages feature's door: what pages, the app and other features may use of it.
export { useRefreshUnreadOnNavigation, useUnreadCounts } from './api';
export { BookingMessages } from './booking-messages';
