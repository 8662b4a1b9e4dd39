import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@common/user';
import { getQueryFn } from '../api-request';

export const CURRENT_USER_KEY = ['/api/auth/user'] as const;

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: CURRENT_USER_KEY,
    queryFn: getQueryFn<CurrentUser>({ on401: 'returnNull' }),
  });

/** The signed-in user; a 401 means signed out, not an error. */
export function useAuth() {
  const query = useQuery(currentUserQueryOptions());
  const user = query.data ?? null;
  return { user, isLoading: query.isLoading, isAuthenticated: !!user };
}

/** Sign-in and sign-out are full-page navigations (spec 000 section 2). */
export function goToSignIn(returnTo = window.location.pathname + window.location.search) {
  window.location.assign(`/api/login?returnTo=${encodeURIComponent(returnTo)}`);
}

export function logOut() {
  window.location.assign('/api/logout');
}
