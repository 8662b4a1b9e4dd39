// The video-call feature's door: what pages, the app and other features may use of it.
export { useUpcomingCalls } from './api';
export { BookingCallCard } from './booking-call-card';
export { CallRoom } from './call-room';
export { JoinCallButton } from './join-call-button';
export { UpcomingCalls } from './upcoming-calls';
