import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../../jobs/job-queue.js';
import { HELP_NOW_QUEUE, sweepHelpRequests } from './help-requests.js';
import type { HelpNowDeps } from './help-deps.js';

/**
 * The rounds and expiries: each request queues its own at 90, 180 and 270 s and at 5 minutes, and a
 * sweep every minute catches any a stopped server missed. Each run does only what is due by the clock.
 */
export function defineHelpNowJobs(jobs: JobQueue, deps: HelpNowDeps, log: FastifyBaseLogger): void {
  jobs.define<{ requestId?: string }>(
    HELP_NOW_QUEUE,
    async (data) => {
      const done = await sweepHelpRequests(deps, data?.requestId);
      if (done.expired || done.rounds) log.info(done, 'help now sweep');
    },
    { cron: '* * * * *' },
  );
}
