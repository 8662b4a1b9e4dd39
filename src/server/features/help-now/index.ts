// The help-now feature's door: its routes, jobs and metrics for app.ts, and where its photos are kept.
export { helpNowRoutes } from './routes.js';
export { defineHelpNowJobs } from './help-now-jobs.js';
export { HELP_NOW_QUEUE } from './help-requests.js';
export { HELP_PHOTOS } from './help-photo.js';
export { registerHelpMetrics } from './help-metrics.js';
