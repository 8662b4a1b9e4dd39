import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../core/app-error.js';
import type { TestClock } from './test-clock.js';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * `POST /api/internal/test-clock {at}` sets the booking rules' clock (`{at: null}` puts it back), and
 * `POST /api/internal/test-clock/run-job {queue}` runs a job's handler now. They exist only when
 * TEST_CLOCK=true (which config refuses in production) and answer only on loopback.
 */
export const testClockRoutes: FastifyPluginAsyncZod<{ clock: TestClock }> = async (app, { clock }) => {
  app.post(
    '/api/internal/test-clock',
    { schema: { hide: true, body: z.object({ at: z.iso.datetime().nullable() }) } },
    async (request) => {
      if (!LOOPBACK.has(request.socket.remoteAddress ?? '')) throw new AppError('FORBIDDEN', 'The test clock is set only locally.');
      clock.set(request.body.at ? new Date(request.body.at) : null);
      return { now: clock.now().toISOString() };
    },
  );

  // A cron job runs hourly or daily; a journey that has moved the clock runs it now instead of waiting.
  app.post(
    '/api/internal/test-clock/run-job',
    { schema: { hide: true, body: z.object({ queue: z.string().min(1).max(100) }) } },
    async (request) => {
      if (!LOOPBACK.has(request.socket.remoteAddress ?? '')) throw new AppError('FORBIDDEN', 'Jobs are run only locally.');
      await app.jobs.runNow(request.body.queue, {});
      return { ran: request.body.queue };
    },
  );
};
