import type { Database } from '../../db/client.js';
import { notifications } from '../../db/schema.js';
import type { JobQueue, QueuedJob } from '../../jobs/job-queue.js';
import type { NotificationKind } from '../../../common/notifications.js';
import { NOTIFICATION_CHANNELS_QUEUE, type NotificationChannelsJob } from './notification-channels.js';

/** One event as it reaches one person (docs/PRODUCT.md#notifications). */
export interface Notice {
  userId: string;
  kind: NotificationKind;
  /** A line: 'New booking request #1001'. */
  title: string;
  /** A sentence or two: what happened, and to what. */
  body: string;
  /** The page that shows it, a path on this site. */
  path: string;
}

/**
 * Writes the notices to their recipients' notification centres inside the event's own transaction, so a
 * notice exists exactly when the event does, and answers the job that sends them on by the channels each
 * recipient chose (text, push) once it commits. The database announces the new ones to their open pages
 * (migration 0025_notifications). E-mails are written by each feature and follow the same preferences as
 * they leave (email-preferences.ts).
 */
export async function notificationJobs(tx: Database, notices: Notice[]): Promise<QueuedJob[]> {
  if (notices.length === 0) return [];
  const written = await tx
    .insert(notifications)
    .values(notices.map(({ userId, kind, title, body, path }) => ({ userId, kind, title, body, path })))
    .returning({ id: notifications.id });
  return [{ name: NOTIFICATION_CHANNELS_QUEUE, data: { ids: written.map((row) => row.id) } satisfies NotificationChannelsJob }];
}

/** The one way an event reaches people: `notificationJobs`, its job enqueued with the transaction. */
export async function notify(jobs: JobQueue, tx: Database, notices: Notice[]): Promise<void> {
  const channelJobs = await notificationJobs(tx, notices);
  if (channelJobs.length) await jobs.insert(tx, channelJobs);
}
