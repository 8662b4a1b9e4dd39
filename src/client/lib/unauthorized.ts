import { ApiError } from './api-request';
import { goToSignIn } from './session';
import { showToast, type ToastOptions } from './toast';

/** How long the 'logged out' toast shows before the sign-in page (docs/PRODUCT.md#user-management). */
export const UNAUTHORIZED_REDIRECT_MS = 500;

/** The 'unauthorised' case: a 401, whose message starts with 401 and names Unauthorized. */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/**
 * When `error` says the session is gone: shows the screen's destructive toast, then goes to sign in
 * (and back here) UNAUTHORIZED_REDIRECT_MS after the toast is shown. (Counted from the call, a page
 * opened signed out left before sonner had loaded, with the toast up for a fraction of that.) Answers
 * whether it handled the error.
 */
export function handleUnauthorized(error: unknown, toast: Omit<ToastOptions, 'variant'>): boolean {
  if (!isUnauthorized(error)) return false;
  void showToast({ ...toast, variant: 'destructive' }).then(() => setTimeout(() => goToSignIn(), UNAUTHORIZED_REDIRECT_MS));
  return true;
}
