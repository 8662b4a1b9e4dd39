import { ApiError } from './api-request';
import { goToSignIn } from './api/auth';
import { showToast, type ToastOptions } from './toast';

/** Document 001 sections 7 and 8: how long the 'logged out' toast shows before the sign-in page. */
export const UNAUTHORIZED_REDIRECT_MS = 500;

/** The spec's 'unauthorised' case: a 401, whose message starts with 401 and names Unauthorized. */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/**
 * When `error` says the session is gone: shows the screen's destructive toast, then goes to sign in
 * (and back here) after UNAUTHORIZED_REDIRECT_MS. Answers whether it handled the error.
 */
export function handleUnauthorized(error: unknown, toast: Omit<ToastOptions, 'variant'>): boolean {
  if (!isUnauthorized(error)) return false;
  showToast({ ...toast, variant: 'destructive' });
  setTimeout(() => goToSignIn(), UNAUTHORIZED_REDIRECT_MS);
  return true;
}
