import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('request hygiene', () => {
  it('refuses a state-changing request from another origin with 403', async () => {
    const owner = await signUp(t.app);
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { origin: 'https://evil.example', cookie: owner.cookie },
      payload: { firstName: 'Hacked', lastName: 'X', email: owner.email },
    });
    expect(response.statusCode).toBe(403);
  });

  it('refuses a cookie-carrying write with no Origin at all', async () => {
    const owner = await signUp(t.app);
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { cookie: owner.cookie },
      payload: { firstName: 'Hacked', lastName: 'X', email: owner.email },
    });
    expect(response.statusCode).toBe(403);
  });

  it('refuses a cross-origin sign-up POST', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: 'https://evil.example' },
      payload: { email: 'x@example.com', password: 'long-enough-pw', name: 'X', firstName: 'X', lastName: 'Y' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('answers an unknown /api path with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toHaveProperty('message');
  });

  it('answers malformed JSON with 400 and no stack trace', async () => {
    const owner = await signUp(t.app);
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { origin: 'http://localhost:3000', cookie: owner.cookie, 'content-type': 'application/json' },
      payload: '{"firstName":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toMatch(/at .*\.ts:\d+/);
    expect(response.json()).toHaveProperty('message');
  });

  it('answers an oversized body with 413', async () => {
    const owner = await signUp(t.app);
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { origin: 'http://localhost:3000', cookie: owner.cookie },
      payload: { firstName: 'x'.repeat(400_000), lastName: 'y', email: owner.email },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'The request is too large.' });
  });

  it('sends a Content-Security-Policy that allows only our own origin', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    // The service worker and the web app manifest (docs/PRODUCT.md#installable-app-and-push).
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    expect(csp).not.toMatch(/https?:\/\//);
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('locks JSON API answers down further: nothing may load from them and they are never sniffed', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/experts' });
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('publishes the OpenAPI document generated from the schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/profile'].patch.requestBody).toBeDefined();
    expect(doc.paths['/api/auth/user'].get).toBeDefined();
  });
});
