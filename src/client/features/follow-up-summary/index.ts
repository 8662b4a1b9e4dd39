// The follow-up-summary feature's door: what pages, the app and other features may use of it.
export { BookingFollowUp } from './booking-follow-up';
