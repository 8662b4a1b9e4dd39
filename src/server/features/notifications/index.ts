// The notifications feature's door: what other features call to tell someone of an event, the e-mail job's
// preferences, and the routes.
export { notify, type Notice } from './notify.js';
export { createEmailPreferences } from './email-preferences.js';
export { notificationRoutes } from './routes.js';
