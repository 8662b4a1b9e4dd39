import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { experts, smsNumbers, smsOptOuts, users } from '../../db/schema.js';
import type { QueuedJob } from '../../jobs/job-queue.js';
import { jobIdFor } from '../../jobs/job-id.js';
import type { SmsDeps } from './sms-deps.js';
import { DEFAULT_TEXT_TIME_ZONE, quietHoursEnd } from './quiet-hours.js';

/** Texts about something that happened, for an account: its number and the hour are decided as it leaves. */
export const TEXT_NOTICE_QUEUE = 'sms-notice';
/** A verification code, to the number being proved. */
export const TEXT_CODE_QUEUE = 'sms-code';

export interface TextNotice {
  userId: string;
  body: string;
  /** Sent even in quiet hours: a reminder an hour before, an urgent request. */
  urgent: boolean;
  /** ISO instant after which the text is pointless: one held by quiet hours past it is dropped. */
  notAfter?: string;
  /** Names the text: each hold's job takes an id from it, so a retried job holds it once. */
  key?: string;
  /** How many times quiet hours have held it so far. */
  held?: number;
}

export interface CodeText {
  number: string;
  body: string;
}

/**
 * The job that texts `body` to `userId`'s verified number, if any; insert it with the transaction
 * (`jobs.insert(tx, textJobs(...))`). `notAfter`: a text that could wait for quiet hours to end is dropped
 * when they end after it (a reminder of a visit at 7:30 that morning).
 */
export function textJobs(userId: string, text: { body: string; urgent: boolean; notAfter?: Date }): QueuedJob[] {
  const data: TextNotice = { userId, body: text.body, urgent: text.urgent, key: randomUUID(), ...(text.notAfter ? { notAfter: text.notAfter.toISOString() } : {}) };
  return [{ name: TEXT_NOTICE_QUEUE, data }];
}

/** Where and when a text to the account may go, read as it leaves; null without a verified number. */
async function textRecipient(db: Database, userId: string) {
  const [row] = await db
    .select({
      number: smsNumbers.number,
      status: users.status,
      deletedAt: users.deletedAt,
      chosenZone: users.timeZone,
      workZone: experts.timeZone,
      stoppedAt: smsOptOuts.stoppedAt,
    })
    .from(smsNumbers)
    .innerJoin(users, eq(users.id, smsNumbers.userId))
    .leftJoin(experts, eq(experts.userId, users.id))
    .leftJoin(smsOptOuts, eq(smsOptOuts.number, smsNumbers.number))
    .where(eq(smsNumbers.userId, userId))
    .limit(1);
  return row ?? null;
}

/** Whether a number replied STOP: nothing goes to it. */
export async function isStopped(db: Database, number: string): Promise<boolean> {
  const [row] = await db.select({ number: smsOptOuts.number }).from(smsOptOuts).where(eq(smsOptOuts.number, number));
  return !!row;
}

/**
 * The two text jobs. A notice goes only to a verified number of an active account that has not replied
 * STOP; one that can wait is held by quiet hours in the recipient's zone (chosen in Settings, else the
 * zone an expert works in, else America/New_York) by sending the job again for 8:00, under an id of its
 * own so that a retry holds it once. Twilio's 429 and 5xx throw, so pg-boss retries the job.
 */
export function defineTextJobs(deps: SmsDeps) {
  const { db, jobs, sender, log } = deps;
  jobs.define<TextNotice>(TEXT_NOTICE_QUEUE, async (notice) => {
    const recipient = await textRecipient(db, notice.userId);
    const skip = !recipient
      ? 'no verified number'
      : recipient.deletedAt || recipient.status !== 'active'
        ? 'the account is closed or deactivated'
        : recipient.stoppedAt
          ? 'the number replied STOP'
          : null;
    if (skip || !recipient) return log.info({ sms: { userId: notice.userId } }, `text not sent: ${skip}`);
    const now = deps.now();
    const notAfter = notice.notAfter ? new Date(notice.notAfter) : null;
    const quietEnd = notice.urgent ? null : quietHoursEnd(now, recipient.chosenZone ?? recipient.workZone ?? DEFAULT_TEXT_TIME_ZONE);
    if (quietEnd && notAfter && quietEnd > notAfter) return log.info({ sms: { userId: notice.userId } }, 'text not sent: quiet hours last past its notAfter');
    if (quietEnd) {
      const held = (notice.held ?? 0) + 1;
      return jobs.send(db, TEXT_NOTICE_QUEUE, { ...notice, held }, { startAfter: quietEnd, ...(notice.key ? { id: jobIdFor(`${notice.key}:held:${held}`) } : {}) });
    }
    if (notAfter && now > notAfter) return log.info({ sms: { userId: notice.userId } }, 'text not sent: too late to be of use');
    await sender.send(recipient.number, notice.body);
    // Each text waits mostly on Twilio's answer: as many at once as pushes, so a burst of requests is not
    // texted two at a time.
  }, { concurrency: 8 });
  jobs.define<CodeText>(TEXT_CODE_QUEUE, async (text) => {
    if (await isStopped(db, text.number)) return log.info('code not sent: the number replied STOP');
    await sender.send(text.number, text.body);
  });
}
