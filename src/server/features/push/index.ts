// The push feature's door: its routes, its jobs, the VAPID keys app.ts resolves once, and `pushJobs`, which
// the notification centre inserts with the transaction of the change it tells about.
export { pushRoutes } from './routes.js';
export { definePushJobs, pushJobs, PUSH_TO_DEVICE_QUEUE, PUSH_TO_USER_QUEUE, type PushOptions } from './push-job.js';
export { resolveVapidKeys, type VapidKeys } from './vapid-keys.js';
