import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import type { DatabaseHandle } from '../../db/client.js';

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

describe('/readyz on a server just started', () => {
  // The listing's directory of experts is read when its notification listener connects; until that read
  // is done every listing waits for it, so the server must not be sent visitors yet.
  it('answers 503 until the expert directory has been read, then 200', async () => {
    let connect = () => {};
    const connected = new Promise<void>((resolve) => (connect = resolve));
    const holdingTheDirectory = (database: DatabaseHandle): DatabaseHandle => ({
      ...database,
      listen: (channel, handlers) => database.listen(channel, { ...handlers, onConnect: () => void connected.then(handlers.onConnect) }),
    });
    const held = await createTestApp({}, {}, holdingTheDirectory);
    try {
      const early = await held.app.inject({ method: 'GET', url: '/readyz' });
      expect(early.statusCode).toBe(503);
      expect(early.json()).toEqual({ message: 'The expert directory is still being read.' });
      connect();
      await vi.waitFor(async () => expect((await held.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200), { timeout: 10_000 });
      expect((await held.app.inject({ method: 'GET', url: '/api/experts' })).statusCode).toBe(200);
    } finally {
      await held.close();
    }
  });
});
