// The sms feature's door: its routes and jobs for app.ts, and the text job the notification centre adds.
export { smsRoutes } from './routes.js';
export { createTextSender, type TextSender } from './text-sender.js';
export { defineTextJobs, textJobs, TEXT_NOTICE_QUEUE } from './text-jobs.js';
export type { SmsDeps } from './sms-deps.js';
