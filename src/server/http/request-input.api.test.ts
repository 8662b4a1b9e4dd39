import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestApp, nextClientAddress, ORIGIN, signUp, type TestApp, type TestUser } from '../test/test-app.js';
import { jsonDepthExceeds, MAX_JSON_DEPTH, NUL_MESSAGE, TOO_DEEP_MESSAGE } from './request-input.js';

let t: TestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app);
});
afterAll(() => t.close());

const deepArray = '['.repeat(10_000) + ']'.repeat(10_000);

function patchProfile(payload: string) {
  return t.app.inject(asUser(owner, { method: 'PATCH', url: '/api/profile', payload, headers: { 'content-type': 'application/json' } }));
}

describe('input rules every route shares', () => {
  it('answers 400 for a NUL byte in the query, in either case of percent-encoding, on any route', async () => {
    for (const url of ['/api/experts?q=%00', '/api/experts?q=bilge%00pump', '/api/experts?specialty=%00', '/api/experts/%00', '/api/login?returnTo=%00']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ message: NUL_MESSAGE });
    }
  });

  it('answers 400 for a NUL byte in any JSON string, and keeps what was stored', async () => {
    const before = (await t.app.inject(asUser(owner, { method: 'GET', url: '/api/auth/user' }))).json();
    for (const body of ['{"firstName":"Ann\\u0000e"}', '{"city":"\\u0000"}', '{"firstName":"x","\\u0000":"key"}', '{"firstName":"\\\\\\u0000"}']) {
      const response = await patchProfile(body);
      expect(response.statusCode, body).toBe(400);
      expect(response.json(), body).toEqual({ message: NUL_MESSAGE });
    }
    const ask = await t.app.inject(asUser(owner, { method: 'POST', url: '/api/ai/ask', payload: { question: 'bilge\u0000pump' } }));
    expect(ask.statusCode).toBe(400);
    const after = (await t.app.inject(asUser(owner, { method: 'GET', url: '/api/auth/user' }))).json();
    expect(after).toEqual(before);
  });

  it('takes a backslash followed by the letters u0000 as the text it is', async () => {
    const response = await patchProfile(`{"firstName":"Test","lastName":"Owner","email":"${owner.email}","city":"C:\\\\u0000"}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().city).toBe('C:\\u0000');
  });

  it('answers 400 for JSON nested too deeply, on our routes and on Better Auth routes alike', async () => {
    for (const url of ['/api/profile', '/api/auth/sign-in/email', '/api/auth/sign-up/email', '/api/bookings']) {
      const method = url === '/api/profile' ? 'PATCH' : 'POST';
      const response = await t.app.inject(
        asUser(owner, { method, url, payload: deepArray, headers: { 'content-type': 'application/json' }, remoteAddress: nextClientAddress() }),
      );
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ message: TOO_DEEP_MESSAGE });
    }
  });

  it('answers 400 for malformed JSON and for prototype poisoning', async () => {
    expect((await patchProfile('{"firstName":')).statusCode).toBe(400);
    expect((await patchProfile('{"__proto__":{"role":"admin"}}')).statusCode).toBe(400);
  });

  it('passes the body to Better Auth exactly as it came', async () => {
    const email = 'raw-body@example.com';
    // Key order and spacing kept; an e-mail with an escaped character still arrives as the same text.
    const payload = `{ "email" : "${email}", "password": "p\\u0061ssword-long-enough", "name": "Raw Body" }`;
    const signUp = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload, headers: { ...ORIGIN, 'content-type': 'application/json' }, remoteAddress: nextClientAddress() });
    expect(signUp.statusCode).toBe(200);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password: 'password-long-enough' },
      headers: ORIGIN,
      remoteAddress: nextClientAddress(),
    });
    expect(signIn.statusCode).toBe(200);
  });
});

describe('jsonDepthExceeds', () => {
  it('counts nesting outside strings only', () => {
    expect(jsonDepthExceeds('[[[]]]', 3)).toBe(false);
    expect(jsonDepthExceeds('[[[[]]]]', 3)).toBe(true);
    expect(jsonDepthExceeds('{"a":"[[[[[[[["}', 1)).toBe(false);
    expect(jsonDepthExceeds('{"a":"\\"[[[[[["}', 1)).toBe(false);
    expect(jsonDepthExceeds('[{"a":[{}]}]', 3)).toBe(true);
    expect(jsonDepthExceeds(deepArray, MAX_JSON_DEPTH)).toBe(true);
    expect(jsonDepthExceeds('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
  });
});

describe('addresses Fastify refuses before any hook', () => {
  it('answers them in our error shape, without internal codes or the address echoed back', async () => {
    for (const url of ['/api/experts/%zz', '/api/experts/%C0%80', `/api/bookings/${'x'.repeat(150)}`]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect([400, 414], url).toContain(response.statusCode);
      expect(Object.keys(response.json()), url).toEqual(['message']);
      expect(response.body, url).not.toMatch(/FST_|%zz|xxxxx/);
    }
  });
});
