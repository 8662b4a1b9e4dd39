import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createTestApp, signUp, type TestApp, type TestUser } from '../../test/test-app.js';

let t: TestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app, { email: 'captain@example.com', firstName: 'Cora', lastName: 'Captain' });
});
afterAll(() => t.close());

const valid = {
  firstName: 'Cora',
  lastName: 'Quinn',
  email: 'captain@example.com',
  phone: '(305) 555-0142',
  address: '12 Harbor Way',
  city: 'Key West',
  state: 'FL',
  zipCode: '33040',
};

function patch(user: TestUser | null, payload: unknown) {
  return t.app.inject(asUser(user, { method: 'PATCH', url: '/api/profile', payload: payload as object }));
}

describe('PATCH /api/profile', () => {
  it("updates the caller's own profile and answers the new user", async () => {
    const response = await patch(owner, valid);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ ...valid, role: 'user', status: 'active' });
    const me = await t.app.inject(asUser(owner, { method: 'GET', url: '/api/auth/user' }));
    expect(me.json()).toMatchObject(valid);
  });

  it('clears optional fields sent empty', async () => {
    const response = await patch(owner, { ...valid, phone: '', address: '' });
    expect(response.json()).toMatchObject({ phone: null, address: null });
  });

  it.each([
    ['firstName', { firstName: '' }, 'First name is required'],
    ['firstName', { firstName: '   ' }, 'First name is required'],
    ['lastName', { lastName: '' }, 'Last name is required'],
    ['email', { email: 'not-an-email' }, 'Invalid email address'],
    ['email', { email: undefined }, 'Invalid email address'],
  ])('answers 400 with the message for a bad %s', async (field, change, message) => {
    const response = await patch(owner, { ...valid, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, errors: { [field]: message } });
  });

  it('answers 401 when signed out', async () => {
    const response = await patch(null, valid);
    expect(response.statusCode).toBe(401);
  });

  it('never changes role or status, whatever the body says', async () => {
    const response = await patch(owner, { ...valid, role: 'admin', status: 'inactive' });
    expect(response.statusCode).toBe(200);
    const me = await t.app.inject(asUser(owner, { method: 'GET', url: '/api/auth/user' }));
    expect(me.json()).toMatchObject({ role: 'user', status: 'active' });
  });

  it("answers 409 for another account's e-mail and changes nothing", async () => {
    await signUp(t.app, { email: 'first-mate@example.com' });
    const response = await patch(owner, { ...valid, firstName: 'Changed', email: 'First-Mate@example.com', currentPassword: owner.password });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/already used/);
    const me = await t.app.inject(asUser(owner, { method: 'GET', url: '/api/auth/user' }));
    expect(me.json()).toMatchObject({ firstName: 'Cora', email: 'captain@example.com' });
  });
});
