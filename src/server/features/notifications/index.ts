// The notifications feature's door: what other features call to tell someone of an event, the e-mail job's
// preferences, the job that sends notices on by text, and the routes.
export { notify, notificationJobs, type Notice } from './notify.js';
export { createEmailPreferences } from './email-preferences.js';
export { defineNotificationChannels } from './notification-channels.js';
export { notificationRoutes } from './routes.js';
