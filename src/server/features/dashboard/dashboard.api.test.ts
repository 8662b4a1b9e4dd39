import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestApp, signUp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('dashboard', () => {
  it('answers zeros and no activity for a new account', async () => {
    const owner = await signUp(t.app);
    const stats = await t.app.inject(asUser(owner, { method: 'GET', url: '/api/dashboard/stats' }));
    expect(stats.statusCode).toBe(200);
    expect(stats.json()).toEqual({ consultations: 0, services: 0, aiQueries: 0, savings: 0 });
    const activity = await t.app.inject(asUser(owner, { method: 'GET', url: '/api/dashboard/recent-activity' }));
    expect(activity.json()).toEqual([]);
  });

  it('answers 401 when signed out', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard/stats' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard/recent-activity' })).statusCode).toBe(401);
  });
});
