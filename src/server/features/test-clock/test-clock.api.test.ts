import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp } from '../../test/test-app.js';
import { loadConfig } from '../../config.js';
import { insertExpert } from '../../test/expert-factory.js';
import { daysAhead, postBooking, videoBooking } from '../../test/booking-helpers.js';

describe('the test clock of the browser journeys', () => {
  const apps: Awaited<ReturnType<typeof createTestApp>>[] = [];
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  it('does not exist unless TEST_CLOCK=true', async () => {
    const t = await createTestApp();
    apps.push(t);
    const response = await t.app.inject({ method: 'POST', url: '/api/internal/test-clock', payload: { at: null }, remoteAddress: '127.0.0.1' });
    expect(response.statusCode).toBe(404);
  });

  it('is refused in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', TEST_CLOCK: 'true' })).toThrow(/never in production/);
  });

  it('moves the booking rules past a booking’s start, only from loopback, and back', async () => {
    const t = await createTestApp({ TEST_CLOCK: 'true' }, { now: undefined });
    apps.push(t);
    const owner = await signUp(t.app);
    const expert = await insertExpert(t.database.db, { instantBooking: true });
    const booking = (await postBooking(t.app, owner, videoBooking(expert.id, daysAhead(3)))).json();
    const at = new Date(new Date(booking.startsAt).getTime() + 60_000).toISOString();
    const remote = await t.app.inject({ method: 'POST', url: '/api/internal/test-clock', payload: { at }, remoteAddress: '203.0.113.5' });
    expect(remote.statusCode).toBe(403);
    const moved = await t.app.inject({ method: 'POST', url: '/api/internal/test-clock', payload: { at }, remoteAddress: '127.0.0.1' });
    expect(moved.statusCode).toBe(200);
    const seen = await t.app.inject({ method: 'GET', url: `/api/bookings/${booking.id}`, headers: { cookie: owner.cookie } });
    expect(seen.json().allowedActions).not.toContain('cancel');
    await t.app.inject({ method: 'POST', url: '/api/internal/test-clock', payload: { at: null }, remoteAddress: '127.0.0.1' });
    const back = await t.app.inject({ method: 'GET', url: `/api/bookings/${booking.id}`, headers: { cookie: owner.cookie } });
    expect(back.json().allowedActions).toContain('cancel');
  });
});
