import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordInput, SignInInput, SignUpInput } from '@common/auth-forms';
import { ApiError, apiJson } from '../../lib/api-request';

/** Better Auth answers `{code, message}`; these are the words we show for its codes. */
const AUTH_MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'Wrong e-mail or password. Check both and try again.',
  INVALID_PASSWORD: 'Your current password is not correct.',
  INVALID_TOKEN: 'This reset link is invalid or has expired. Ask for a new one.',
  PASSWORD_TOO_SHORT: 'The password must be at least 8 characters.',
};

export function authErrorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    // The server says how long and what else to do (an account's own limit waits minutes, not one).
    if (error.status === 429) return error.serverMessage ?? 'Too many attempts. Please wait a minute and try again.';
    try {
      const body = JSON.parse(error.body) as { code?: string; message?: string };
      return (body.code && AUTH_MESSAGES[body.code]) || body.message || fallback;
    } catch {
      return fallback;
    }
  }
  return fallback;
}

/** Better Auth's answer names the account, with its role. */
export function signIn(input: SignInInput) {
  return apiJson<{ user?: { role?: string } }>('POST', '/api/auth/sign-in/email', input);
}

export function signUp(input: SignUpInput) {
  return apiJson('POST', '/api/auth/sign-up/email', { ...input, name: `${input.firstName} ${input.lastName}` });
}

/** Verifies the address with its e-mailed code, and signs the account in. */
export function verifyEmailCode(email: string, otp: string) {
  return apiJson('POST', '/api/auth/email-otp/verify-email', { email, otp });
}

/** A new code and link, in one e-mail (at most three an hour: the server answers 429 past them). */
export function sendCodeAgain(email: string) {
  return apiJson('POST', '/api/auth/send-verification-email', { email });
}

export function requestPasswordReset(email: string) {
  return apiJson('POST', '/api/auth/request-password-reset', {
    email,
    redirectTo: `${window.location.origin}/reset-password`,
  });
}

export function resetPassword(token: string, newPassword: string) {
  return apiJson('POST', '/api/auth/reset-password', { token, newPassword });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangePasswordInput & { revokeOtherSessions: boolean }) =>
      apiJson('POST', '/api/auth/change-password', {
        currentPassword: input.currentPassword,
        newPassword: input.newPassword,
        revokeOtherSessions: input.revokeOtherSessions,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

export interface AccountSession {
  id: string;
  token: string;
  createdAt: string;
  updatedAt: string;
  expiresAt: string;
  ipAddress?: string | null;
  userAgent?: string | null;
}

const SESSIONS_KEY = ['/api/auth/list-sessions'] as const;

export function getSessions() {
  return apiJson<AccountSession[]>('GET', '/api/auth/list-sessions');
}

// Always fresh: sessions start and end on other devices.
export const sessionsQueryOptions = () => queryOptions({ queryKey: SESSIONS_KEY, queryFn: getSessions, staleTime: 0 });

/** The signed-in user's sessions on every device. */
export function useSessions() {
  return useQuery(sessionsQueryOptions());
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson('POST', '/api/auth/revoke-other-sessions', {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

/** Better Auth answers null when signed out. */
export function getCurrentSession() {
  return apiJson<{ session: AccountSession } | null>('GET', '/api/auth/get-session');
}

export const currentSessionQueryOptions = () =>
  queryOptions({ queryKey: ['/api/auth/get-session'], queryFn: getCurrentSession, staleTime: 0 });

/** The session of this browser, to mark it among the others. */
export function useCurrentSession() {
  return useQuery(currentSessionQueryOptions());
}
