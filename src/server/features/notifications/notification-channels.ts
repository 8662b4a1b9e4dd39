import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { notifications } from '../../db/schema.js';
import type { JobQueue, QueuedJob } from '../../jobs/job-queue.js';
import { noticeText } from '../../../common/sms.js';
import type { NotificationKind } from '../../../common/notifications.js';
import { preferencesFor } from './preferences.js';

export const NOTIFICATION_CHANNELS_QUEUE = 'notification-channels';

export interface NotificationChannelsJob {
  ids: number[];
}

/** How a text leaves: the sms feature's job for one person's verified number. */
export type TextJobs = (userId: string, text: { body: string; urgent: boolean }) => QueuedJob[];

/** Only a reminder may wake someone at night: the rest wait for the morning (docs/PRODUCT.md#text-messages). */
const URGENT_KINDS: ReadonlySet<NotificationKind> = new Set(['booking_reminder']);

/**
 * After the event commits, sends its notifications on by the channels their recipients have on for each
 * kind (read now, so a channel turned off meanwhile stays off): one job per text, which checks the number,
 * STOP and quiet hours as it leaves. Enqueueing is its last step, so a retry texts twice only when the
 * job failed to be marked done after it.
 */
export function defineNotificationChannels(jobs: JobQueue, db: Database, options: { baseUrl: string; text: TextJobs }) {
  jobs.define<NotificationChannelsJob>(NOTIFICATION_CHANNELS_QUEUE, async ({ ids }) => {
    const rows = await db.select().from(notifications).where(inArray(notifications.id, ids));
    const sends: QueuedJob[] = [];
    for (const kind of new Set(rows.map((row) => row.kind))) {
      const ofKind = rows.filter((row) => row.kind === kind);
      const preferences = await preferencesFor(db, [...new Set(ofKind.map((row) => row.userId))], kind);
      for (const row of ofKind) {
        if (!preferences.get(row.userId)?.text) continue;
        sends.push(...options.text(row.userId, { body: noticeText(`${row.title}. ${row.body}`, `${options.baseUrl}${row.path}`), urgent: URGENT_KINDS.has(kind) }));
      }
    }
    if (sends.length) await jobs.insert(db, sends);
  });
}
