import type { JobQueue } from '../../jobs/job-queue.js';
import { calendarsDue, syncCalendar, type CalendarSyncDeps } from './sync-calendar.js';

/** Reads one calendar: when it is added, and for each calendar of the round. */
export const CALENDAR_READ_QUEUE = 'external-calendar-read';
/** Every 15 minutes: queues a read of each calendar not read in that time. */
export const CALENDAR_ROUND_QUEUE = 'external-calendars-round';
const ROUND_CRON = '*/15 * * * *';
/** A calendar read a little under a round ago (the last round ran late) is read again this round. */
const ROUND_MINUTES = 14;

export function calendarReadJob(calendarId: string) {
  // One queued read per calendar: a round does not pile reads onto one that is slow to answer.
  return { name: CALENDAR_READ_QUEUE, data: { calendarId }, options: { singletonKey: calendarId } };
}

/** The two queues, defined before the job queue starts (app.ts). */
export function defineExternalCalendarJobs(jobs: JobQueue, deps: CalendarSyncDeps) {
  jobs.define<{ calendarId: string }>(CALENDAR_READ_QUEUE, (data) => syncCalendar(deps, data.calendarId), { concurrency: 4 });
  jobs.define(
    CALENDAR_ROUND_QUEUE,
    async () => {
      const due = await calendarsDue(deps.db, deps.now(), ROUND_MINUTES);
      if (due.length) await jobs.insert(deps.db, due.map(calendarReadJob));
    },
    { cron: ROUND_CRON },
  );
}
