// Each booking form as a chunk of its own (react-hook-form, the date and time fields), for a page that
// shows a form only once a visitor has chosen a service.
export const loadVideoBookingForm = () => import('./video-booking-form');
export const loadOnsiteBookingForm = () => import('./onsite-booking-form');
