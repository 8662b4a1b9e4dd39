import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-request';
import { authErrorText } from './api';

describe('authErrorText', () => {
  it('shows what the server said about a limit, which may be more than a minute away', () => {
    const limited = new ApiError(429, JSON.stringify({ message: 'Too many failed sign-in attempts for this account. Please wait a few minutes.' }), 540);
    expect(authErrorText(limited, 'Sign-in failed.')).toBe('Too many failed sign-in attempts for this account. Please wait a few minutes.');
  });

  it('says to wait when a limit came without words of its own', () => {
    expect(authErrorText(new ApiError(429, 'Too Many Requests'), 'Sign-in failed.')).toBe('Too many attempts. Please wait a minute and try again.');
  });

  it('puts Better Auth\'s codes into our words', () => {
    const wrong = new ApiError(401, JSON.stringify({ code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password.' }));
    expect(authErrorText(wrong, 'Sign-in failed.')).toBe('Wrong e-mail or password. Check both and try again.');
  });
});
