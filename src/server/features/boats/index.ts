export { boatRoutes } from './routes.js';
export { bookingBoats } from './booking-boats.js';
export { BOAT_PHOTOS, defineBoatPhotoRemoval } from './boat-photo.js';
export { removeBoatsOf } from './boats.js';
export { defineMaintenanceJobs, MAINTENANCE_REMINDER_QUEUE, ENGINE_HOURS_REQUEST_QUEUE } from './maintenance-reminders.js';
export { boatForAssistant } from './boat-for-assistant.js';
