// The bookings feature's door: what pages, the app and other features may use of it.
export { bookingKeys, clientConfigQueryOptions, useBooking, useBookings, useClientConfig, useConsultations, useCreatePaymentIntent } from './api';
export { BookLinks } from './book-links';
export { BookingNotFound } from './booking-not-found';
export { BookingSection } from './booking-section';
export { BookingView } from './booking-view';
export { BookingsEmptyState } from './bookings-empty-state';
export { BookingConfirmation } from './forms/booking-confirmation';
export { loadOnsiteBookingForm, loadVideoBookingForm } from './forms/load-forms';
export { OnsiteBookingForm } from './forms/onsite-booking-form';
export { OnsiteSideCards } from './forms/onsite-side-cards';
export { ServiceChoiceCards } from './forms/service-choice-cards';
export { ServiceDetailsPanel } from './forms/service-details-panel';
export { useBooked } from './forms/use-booked';
export { useChosenExpert } from './forms/use-chosen-expert';
export { VideoBookingForm } from './forms/video-booking-form';
export { VideoFeatureCards } from './forms/video-feature-cards';
export { VideoSideCards, VideoStepsCard } from './forms/video-side-cards';
export { splitBookings } from './split-bookings';
