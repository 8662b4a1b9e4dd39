// The boats feature's door: My Boats, a boat's page (overview, maintenance schedule, service history),
// the dashboard's upcoming-maintenance card, and what the booking forms and the assistant read of boats.
// `boatsQuery`, `boatLabel`, the booking-boat helpers, `BookingBoatNotice` and `UpcomingMaintenanceCard` bring
// no zod (first-paint pages take them).
export { AddBoatButton } from './add-boat-button';
export { boatKeys, boatsQuery, boatTasksQuery, useBoat, useBoats, useUpcomingMaintenance } from './api';
export { boatLabel, boatModelLine, formatFeet, formatHours, type BoatNaming } from './boat-label';
export { BoatNotFound } from './boat-not-found';
export { BoatOverview } from './boat-overview';
export { BoatPhoto } from './boat-photo';
export { BoatsEmptyState } from './boats-empty-state';
export { BoatsGrid } from './boats-grid';
export { readBookingBoat, useBookingBoat, withBookingBoat, withoutBookingBoat, type BookingBoat } from './booking-boat';
export { BookingBoatNotice } from './booking-boat-notice';
export { HistoryPanel } from './history-panel';
export { SchedulePanel } from './schedule-panel';
export { describeDue } from './task-due';
export { UpcomingMaintenanceCard } from './upcoming-maintenance-card';
