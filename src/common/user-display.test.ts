import { describe, expect, it } from 'vitest';
import { avatarInitial, displayName } from './user-display.js';

describe('the avatar letter', () => {
  it('is the first letter of the first name, else of the e-mail, else U', () => {
    expect(avatarInitial({ firstName: 'marina', email: 'x@example.com' })).toBe('M');
    expect(avatarInitial({ firstName: null, email: 'sam@example.com' })).toBe('S');
    expect(avatarInitial({ firstName: '', email: '' })).toBe('U');
    expect(avatarInitial(null)).toBe('U');
  });
});

describe('the display name', () => {
  it("is the full name, or 'User' without a first name", () => {
    expect(displayName({ firstName: 'Marina', lastName: 'Delgado' })).toBe('Marina Delgado');
    expect(displayName({ firstName: 'Marina', lastName: null })).toBe('Marina');
    expect(displayName({ firstName: null, lastName: 'Delgado' })).toBe('User');
  });
});
