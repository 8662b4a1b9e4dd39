import { expect } from 'vitest';
import { baseUrl } from './browser.js';

/**
 * Moves the e2e server's booking clock (TEST_CLOCK=true in global-setup.ts) so a journey can act after a
 * booking's start without waiting for it; `null` puts it back. Each worker has its own server, so the
 * journeys running at once on other workers do not see the move.
 */
export async function setTestClock(at: Date | null, server = baseUrl()): Promise<void> {
  const response = await fetch(`${server}/api/internal/test-clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ at: at?.toISOString() ?? null }),
  });
  expect(response.status, await response.text()).toBe(200);
}

/** Runs a (cron) job's handler on the e2e server now, instead of waiting for its schedule. */
export async function runJobNow(queue: string, server = baseUrl()): Promise<void> {
  const response = await fetch(`${server}/api/internal/test-clock/run-job`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ queue }),
  });
  expect(response.status, await response.text()).toBe(200);
}
