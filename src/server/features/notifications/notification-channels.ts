import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { notifications } from '../../db/schema.js';
import type { JobQueue, QueuedJob } from '../../jobs/job-queue.js';
import { jobIdFor } from '../../jobs/job-id.js';
import { noticeText } from '../../../common/sms.js';
import type { NotificationKind, PushMessage } from '../../../common/notifications.js';
import { preferencesFor } from './preferences.js';

export const NOTIFICATION_CHANNELS_QUEUE = 'notification-channels';

export interface NotificationChannelsJob {
  ids: number[];
}

/** How a text leaves: the sms feature's job for one person's verified number. */
export type TextJobs = (userId: string, text: { body: string; urgent: boolean }) => QueuedJob[];
/** How a push leaves: the push feature's job for each of one person's devices, ids from `key`. */
export type PushJobs = (
  userId: string,
  message: PushMessage,
  options: { urgency: 'high' | 'normal'; topic: string; ttlSeconds: number; key: string },
) => Promise<QueuedJob[]>;

/** How long a push may wait at the push service for a device that is away: a reminder is stale sooner. */
const PUSH_TTL_SECONDS: Partial<Record<NotificationKind, number>> & { default: number } = { default: 24 * 3600, booking_reminder: 3600, help_request: 300 };

/** Only a reminder and a Help now ring may wake someone at night: the rest wait for the morning (docs/PRODUCT.md#text-messages). */
const URGENT_KINDS: ReadonlySet<NotificationKind> = new Set(['booking_reminder', 'help_request']);
/** Pushes a phone should show at once, even saving its battery. */
const HIGH_URGENCY_KINDS: ReadonlySet<NotificationKind> = new Set(['booking_requested', 'help_request']);

/** The jobs of one notification's channel under ids of their own, so a retried round queues them once. */
const once = (queued: QueuedJob[], key: string): QueuedJob[] =>
  queued.map((job, index) => ({ ...job, options: { ...job.options, id: jobIdFor(`${key}:${index}`) } }));

/**
 * After the event commits, sends its notifications on by the channels their recipients have on for each
 * kind (read now, so a channel turned off meanwhile stays off): one job per text, which checks the number,
 * STOP and quiet hours as it leaves, and one per device of the person's. Their ids come from the
 * notification's, so a round retried after enqueueing them texts and pushes nothing twice.
 */
export function defineNotificationChannels(jobs: JobQueue, db: Database, options: { baseUrl: string; text: TextJobs; push: PushJobs }) {
  jobs.define<NotificationChannelsJob>(NOTIFICATION_CHANNELS_QUEUE, async ({ ids }) => {
    const rows = await db.select().from(notifications).where(inArray(notifications.id, ids));
    const sends: QueuedJob[] = [];
    for (const kind of new Set(rows.map((row) => row.kind))) {
      const ofKind = rows.filter((row) => row.kind === kind);
      const preferences = await preferencesFor(db, [...new Set(ofKind.map((row) => row.userId))], kind);
      for (const row of ofKind) {
        const chosen = preferences.get(row.userId);
        if (chosen?.text) {
          const text = { body: noticeText(`${row.title}. ${row.body}`, `${options.baseUrl}${row.path}`), urgent: URGENT_KINDS.has(kind) };
          sends.push(...once(options.text(row.userId, text), `text:${row.id}`));
        }
        if (chosen?.push) {
          // One thing, one topic: a newer push about the same page and kind replaces one still waiting.
          const topic = `${kind}:${row.path}`;
          const message = { title: row.title.slice(0, 200), body: row.body.slice(0, 500), path: row.path, tag: topic.slice(0, 64) };
          const pushes = await options.push(row.userId, message, {
            urgency: HIGH_URGENCY_KINDS.has(kind) ? 'high' : 'normal',
            topic,
            ttlSeconds: PUSH_TTL_SECONDS[kind] ?? PUSH_TTL_SECONDS.default,
            key: `push:${row.id}`,
          });
          sends.push(...pushes);
        }
      }
    }
    if (sends.length) await jobs.insert(db, sends);
  });
}
