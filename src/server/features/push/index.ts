// The push feature's door: its routes, its jobs, the VAPID keys app.ts resolves once, and `pushJobs`, which
// the notification centre's round inserts for each person who has push on.
export { pushRoutes } from './routes.js';
export { definePushJobs, pushJobs, PUSH_TO_DEVICE_QUEUE, type PushOptions } from './push-job.js';
export { resolveVapidKeys, type VapidKeys } from './vapid-keys.js';
