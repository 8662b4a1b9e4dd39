import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@common/user';
import { PAGE_USER_ELEMENT_ID } from '@common/page-blocks';
import { ApiError, apiJson } from './api-request';
import { endPushSubscription } from './service-worker';

export const CURRENT_USER_KEY = ['/api/auth/user'] as const;

/** The signed-in user, or null when signed out (401). */
export async function getCurrentUser(): Promise<CurrentUser | null> {
  try {
    return await apiJson<CurrentUser>('GET', '/api/auth/user');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const currentUserQueryOptions = () => queryOptions({ queryKey: CURRENT_USER_KEY, queryFn: getCurrentUser });


/**
 * Takes the signed-in user (null: signed out) the page's HTML came with into the query cache, so the app
 * opens without asking for it; a page without one (the dev server's) asks as before. Read once: the block
 * is removed, and later changes come from the server.
 */
export function seedCurrentUser(client: QueryClient) {
  const block = document.getElementById(PAGE_USER_ELEMENT_ID);
  if (!block) return;
  block.remove();
  try {
    client.setQueryData(CURRENT_USER_KEY, JSON.parse(block.textContent ?? '') as CurrentUser | null);
  } catch {
    // Unreadable: the app asks the server, as without the block.
  }
}

/** The signed-in user; a 401 means signed out, not an error. */
export function useAuth() {
  const query = useQuery(currentUserQueryOptions());
  const user = query.data ?? null;
  return { user, isLoading: query.isLoading, isAuthenticated: !!user };
}

/**
 * Where sign-in starts, to come back to `returnTo`: a full-page navigation (docs/PRODUCT.md#shell-and-navigation),
 * so a link to it works in a server-rendered page before the app has started.
 */
export const signInPath = (returnTo: string) => `/api/login?returnTo=${encodeURIComponent(returnTo)}`;

/** Where a new visitor creates an account (the sign-in page on its 'Create Account' tab), to come back to `returnTo`. */
export const signUpPath = (returnTo: string) => `/login?mode=sign-up&returnTo=${encodeURIComponent(returnTo)}`;

const NEW_ACCOUNT_MS = 24 * 60 * 60 * 1000;

/** An account made within the day before `now` is greeted as new, not welcomed back (docs/PRODUCT.md#home). */
export const isNewAccount = (createdAt: string, now: number) => now - Date.parse(createdAt) < NEW_ACCOUNT_MS;

export function goToSignIn(returnTo = window.location.pathname + window.location.search) {
  window.location.assign(signInPath(returnTo));
}

/**
 * Signs out. This browser's push subscription is stopped first, for a second at most (the server ends the
 * device's push with the session either way; docs/PRODUCT.md#installable-app-and-push).
 */
export function logOut() {
  void endPushSubscription().finally(() => window.location.assign('/api/logout'));
}
