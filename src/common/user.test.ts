import { describe, expect, it } from 'vitest';
import { profileUpdateSchema } from './user.js';

const valid = { firstName: 'Ada', lastName: 'Hull', email: 'Ada@Example.com' };

describe('profileUpdateSchema', () => {
  it('trims names, lower-cases the e-mail and turns empty optional fields into null', () => {
    expect(profileUpdateSchema.parse({ ...valid, firstName: ' Ada ', phone: '', city: ' Mystic ' })).toEqual({
      firstName: 'Ada',
      lastName: 'Hull',
      email: 'ada@example.com',
      phone: null,
      address: null,
      city: 'Mystic',
      state: null,
      zipCode: null,
    });
  });

  it.each([
    [{ firstName: '' }, 'First name is required'],
    [{ lastName: ' ' }, 'Last name is required'],
    [{ email: 'nope' }, 'Invalid email address'],
  ])("rejects %o with the product's message", (change, message) => {
    const result = profileUpdateSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('has no role or status: they are dropped', () => {
    const parsed = profileUpdateSchema.parse({ ...valid, role: 'admin', status: 'inactive' });
    expect(parsed).not.toHaveProperty('role');
    expect(parsed).not.toHaveProperty('status');
  });
});
