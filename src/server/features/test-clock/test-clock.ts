import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../core/app-error.js';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** A clock the browser journeys move forward (a booking 'has started' without waiting for it). */
export function createTestClock() {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    set(to: Date | null) {
      offsetMs = to ? to.getTime() - Date.now() : 0;
    },
  };
}
export type TestClock = ReturnType<typeof createTestClock>;

/**
 * `POST /api/internal/test-clock {at}` sets the booking rules' clock (`{at: null}` puts it back). It
 * exists only when TEST_CLOCK=true (which config refuses in production) and answers only on loopback.
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
};
