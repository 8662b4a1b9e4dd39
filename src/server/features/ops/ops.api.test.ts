import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('operations endpoints', () => {
  it('reports the process alive on /healthz', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers /readyz 200 while the database answers, and 503 once it is gone', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    await t.database.close();
    const response = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ message: 'The database is unreachable.' });
    // Calls that need the database answer 503 with a plain message, never 500.
    const slots = await t.app.inject({ method: 'GET', url: '/api/experts/1/slots?type=video&date=2030-01-02' });
    expect(slots.statusCode).toBe(503);
    expect(slots.json()).toEqual({ message: 'The service is temporarily unavailable. Please try again in a moment.' });
  });
});
