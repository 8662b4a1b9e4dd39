import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import webPush from 'web-push';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { pushSubscriptions, sessions, users } from '../../db/schema.js';
import { writeAudit } from '../../audit/audit-log.js';
import { inTransaction } from '../../db/transaction.js';
import type { JobQueue, QueuedJob } from '../../jobs/job-queue.js';
import { jobIdFor } from '../../jobs/job-id.js';
import type { PushMessage } from '../../../common/notifications.js';
import type { VapidKeys } from './vapid-keys.js';
import { pushTopic } from './push-topic.js';
import { retryAfterSeconds } from './retry-after.js';
import { publicAddressOf } from './push-endpoint.js';
import { sendPush, type PushAnswer } from './push-send.js';
import { vapidHeaders } from './vapid-header.js';

/** One push to one device, so a device that fails is retried alone and the others get it once. */
export const PUSH_TO_DEVICE_QUEUE = 'push-to-device';

export interface PushOptions {
  /** 'high' for what a person must act on within minutes (a new request); phones wake for it. */
  urgency: 'high' | 'normal';
  /** A newer push of the same topic replaces an older one still waiting at the push service. */
  topic: string;
  /** How long the push service keeps it for a device that is offline. */
  ttlSeconds: number;
}

export interface PushToDevice {
  subscriptionId: number;
  message: PushMessage;
  urgency: PushOptions['urgency'];
  topic: string;
  /** When the push stops being worth delivering (now + TTL when it was asked for): retries keep this end. */
  expiresAt: string;
  /** Retries so far after 429 or 5xx. */
  retries: number;
}

/** After this many retries a push service that keeps answering 429 or 5xx is given up on. */
export const MAX_RETRIES = 5;
/** The first retry's wait without a Retry-After; each later one doubles. */
const FIRST_RETRY_SECONDS = 10;
/** A Retry-After longer than this is not waited for: the push is dropped instead. */
const LONGEST_WAIT_SECONDS = 3600;
const SEND_TIMEOUT_MS = 10_000;

export interface PushJobDeps {
  db: Database;
  jobs: JobQueue;
  vapid: VapidKeys;
  /** ALLOW_PRIVATE_PUSH_ENDPOINTS: the tests' push service on 127.0.0.1. */
  allowPrivate: boolean;
  log: FastifyBaseLogger;
  now?: () => Date;
}

/**
 * A deactivated or deleted account, or a device whose session has ended, gets nothing: checked as the
 * push leaves, not when it was asked for.
 */
const deliverable = (now: Date) =>
  and(ne(users.status, 'inactive'), isNull(users.deletedAt), gt(sessions.expiresAt, now));

/**
 * The jobs that push `message` to each device of `userId` that may have it now, one job per device so a
 * device that fails is retried alone. `key` names the push: the jobs' ids come from it, so asking again
 * with the same key queues nothing more.
 */
export async function pushJobs(db: Database, userId: string, message: PushMessage, options: PushOptions & { key: string; now: Date }): Promise<QueuedJob[]> {
  const devices = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .innerJoin(users, eq(users.id, pushSubscriptions.userId))
    .innerJoin(sessions, eq(sessions.id, pushSubscriptions.sessionId))
    .where(and(eq(pushSubscriptions.userId, userId), deliverable(options.now)));
  const expiresAt = new Date(options.now.getTime() + options.ttlSeconds * 1000).toISOString();
  return devices.map(({ id }) => ({
    name: PUSH_TO_DEVICE_QUEUE,
    data: { subscriptionId: id, message, urgency: options.urgency, topic: pushTopic(options.topic), expiresAt, retries: 0 } satisfies PushToDevice,
    options: { id: jobIdFor(`${options.key}:${id}`) },
  }));
}

export function definePushJobs(deps: PushJobDeps): void {
  const now = deps.now ?? (() => new Date());
  const send = pushSender(deps);
  deps.jobs.define<PushToDevice>(PUSH_TO_DEVICE_QUEUE, (job) => send(job, now()), { concurrency: 8 });
}

/** Sends a device's push as its job does, with the VAPID headers signed once per push service. */
export function pushSender(deps: PushJobDeps): (job: PushToDevice, now: Date) => Promise<void> {
  const authorization = vapidHeaders(deps.vapid, deps.now ?? (() => new Date()));
  return (job, now) => pushToDevice(deps, authorization, job, now);
}

/**
 * Sends one push (RFC 8030, encrypted with aes128gcm per RFC 8291, signed with VAPID per RFC 8292). The
 * request is built by web-push and sent by `sendPush` to the address checked just before: web-push's own
 * sender speaks https only (the tests' push service is http on 127.0.0.1) and would resolve the name
 * again. The push service's answer decides: 2xx delivered; 404 and 410 the subscription is gone, so it
 * is deleted; 429 and 5xx (and no answer) are tried again later, after the Retry-After it asks for or a
 * doubling wait, by a new job, so the retry's time is ours to choose; any other answer is logged and
 * dropped, since sending the same again would be refused again.
 */
async function pushToDevice(deps: PushJobDeps, authorization: (endpoint: string) => string, job: PushToDevice, now: Date): Promise<void> {
  const [device] = await deps.db
    .select({ endpoint: pushSubscriptions.endpoint, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth })
    .from(pushSubscriptions)
    .innerJoin(users, eq(users.id, pushSubscriptions.userId))
    .innerJoin(sessions, eq(sessions.id, pushSubscriptions.sessionId))
    .where(and(eq(pushSubscriptions.id, job.subscriptionId), deliverable(now)));
  if (!device) return;
  const ttlSeconds = Math.floor((Date.parse(job.expiresAt) - now.getTime()) / 1000);
  if (ttlSeconds <= 0) return;
  const log = deps.log.child({ push: { subscriptionId: job.subscriptionId, topic: job.topic, retries: job.retries } });
  const target = await publicAddressOf(device.endpoint, deps.allowPrivate).catch(() => null);
  if (!target) {
    log.warn('push not sent: its endpoint does not resolve to a public address');
    return;
  }
  const request = webPush.generateRequestDetails(
    { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
    JSON.stringify(job.message),
    { TTL: ttlSeconds, urgency: job.urgency, topic: job.topic, contentEncoding: 'aes128gcm', headers: { Authorization: authorization(device.endpoint) } },
  );
  const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
  let response: PushAnswer;
  try {
    response = await sendPush(device.endpoint, target, { headers, body: request.body }, SEND_TIMEOUT_MS);
  } catch (err) {
    log.warn({ err }, 'push service did not answer');
    return retryLater(deps, job, null, now, log);
  }
  if (response.status >= 200 && response.status < 300) {
    await deps.db.update(pushSubscriptions).set({ lastSuccessAt: now }).where(eq(pushSubscriptions.id, job.subscriptionId));
    return;
  }
  if (response.status === 404 || response.status === 410) {
    log.info({ status: response.status }, 'push subscription gone: deleted');
    await deleteGone(deps.db, job.subscriptionId, response.status);
    return;
  }
  if (response.status === 429 || response.status >= 500) {
    return retryLater(deps, job, retryAfterSeconds(response.retryAfter, now), now, log);
  }
  log.warn({ status: response.status }, 'push refused by the push service: dropped');
}

async function retryLater(deps: PushJobDeps, job: PushToDevice, askedSeconds: number | null, now: Date, log: FastifyBaseLogger): Promise<void> {
  const waitSeconds = askedSeconds ?? FIRST_RETRY_SECONDS * 2 ** job.retries;
  const startAfter = new Date(now.getTime() + waitSeconds * 1000);
  if (job.retries >= MAX_RETRIES || waitSeconds > LONGEST_WAIT_SECONDS || startAfter.getTime() >= Date.parse(job.expiresAt)) {
    log.warn({ waitSeconds }, 'push given up: the push service kept refusing it');
    return;
  }
  await deps.jobs.send(deps.db, PUSH_TO_DEVICE_QUEUE, { ...job, retries: job.retries + 1 } satisfies PushToDevice, { startAfter });
}

async function deleteGone(db: Database, subscriptionId: number, status: number): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [row] = await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId)).returning({ userId: pushSubscriptions.userId });
    if (!row) return;
    await writeAudit(tx, {
      actorUserId: null,
      actorRole: 'system',
      action: 'push.expired',
      entityType: 'push_subscription',
      entityId: String(subscriptionId),
      note: `the push service answered ${status}`,
    });
  });
}
