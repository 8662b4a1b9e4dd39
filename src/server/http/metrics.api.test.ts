import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, asUser, type TestApp } from '../test/test-app.js';

const TOKEN = 'metrics-token-for-the-test';
let open: TestApp;
let guarded: TestApp;
beforeAll(async () => {
  open = await createTestApp();
  guarded = await createTestApp({ METRICS_TOKEN: TOKEN });
});
afterAll(async () => {
  await open.close();
  await guarded.close();
});

function durationLines(body: string, route: string): string[] {
  return body.split('\n').filter((line) => line.startsWith('http_request_duration_seconds_count') && line.includes(`route="${route}"`));
}

describe('GET /metrics', () => {
  it('times every route by its pattern, feature routes included, and the process', async () => {
    const owner = await signUp(open.app);
    await open.app.inject(asUser(owner, { method: 'GET', url: '/api/bookings' }));
    await open.app.inject({ method: 'GET', url: '/api/experts/12345/slots?type=video&date=2030-01-02' });
    await open.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    await open.app.inject({ method: 'GET', url: '/api/docs/json' });
    const response = await open.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(durationLines(response.body, '/api/bookings')[0]).toContain('status="200"');
    expect(durationLines(response.body, '/api/experts/:id/slots')[0]).toContain('status="404"');
    expect(durationLines(response.body, '/api/auth/*').length).toBeGreaterThan(0);
    expect(durationLines(response.body, 'unmatched')[0]).toContain('status="404"');
    expect(durationLines(response.body, '/api/docs/json').length).toBe(1);
    // The id never becomes a label; a figure (a memory size, say) may still hold those digits.
    expect(response.body).not.toMatch(/"[^"\n]*12345[^"\n]*"/);
    expect(response.body).toContain('process_resident_memory_bytes');
  });

  it('answers only the operator token when METRICS_TOKEN is set', async () => {
    const none = await guarded.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toContain('Bearer');
    expect(none.json()).toEqual({ message: expect.stringContaining('METRICS_TOKEN') });
    const wrong = await guarded.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer not-the-token-at-all' } });
    expect(wrong.statusCode).toBe(401);
    const right = await guarded.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('http_request_duration_seconds');
  });

  it('is listed in the OpenAPI document', () => {
    expect(Object.keys((open.app.swagger() as { paths: Record<string, unknown> }).paths)).toContain('/metrics');
  });
});
