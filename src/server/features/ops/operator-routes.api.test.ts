import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../test/test-app.js';

const token = 'operator-token-for-tests';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { operatorToken: token });
});
afterAll(() => t.close());

function setRole(headers: Record<string, string>, remoteAddress: string, body: object) {
  return t.app.inject({ method: 'POST', url: '/api/internal/set-role', headers, remoteAddress, payload: body });
}

describe('operator set-role endpoint', () => {
  it('sets a role from the loopback interface with the server token', async () => {
    const owner = await signUp(t.app, { email: 'to-admin@example.com' });
    const response = await setRole({ 'x-operator-token': token }, '127.0.0.1', { email: owner.email, role: 'admin' });
    expect(response.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: owner.cookie } });
    expect(me.json().role).toBe('admin');
  });

  it('refuses a wrong token and any non-loopback caller with 403', async () => {
    const body = { email: 'to-admin@example.com', role: 'user' };
    expect((await setRole({ 'x-operator-token': 'guess' }, '127.0.0.1', body)).statusCode).toBe(403);
    expect((await setRole({ 'x-operator-token': token }, '10.1.2.3', body)).statusCode).toBe(403);
    expect((await setRole({}, '127.0.0.1', body)).statusCode).toBe(403);
  });

  it('answers 404 for an unknown e-mail and 400 for an unknown role', async () => {
    const unknown = await setRole({ 'x-operator-token': token }, '127.0.0.1', { email: 'ghost@example.com', role: 'admin' });
    expect(unknown.statusCode).toBe(404);
    const badRole = await setRole({ 'x-operator-token': token }, '127.0.0.1', { email: 'to-admin@example.com', role: 'captain' });
    expect(badRole.statusCode).toBe(400);
  });
});
