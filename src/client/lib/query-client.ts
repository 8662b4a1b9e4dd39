import { QueryClient } from '@tanstack/react-query';
import { ApiError, getQueryFn } from './api-request';

const MINUTE = 60_000;

/**
 * The one retry of spec 000 section 9, for failures a second try can cure (network, 5xx). A refused request
 * (bad input, signed out, not found, conflict, rate limited) fails the same way again. Writes that must not
 * happen twice carry an idempotency key (bookings).
 */
export const retryServerFailuresOnce = (failureCount: number, error: unknown) =>
  failureCount < 1 && !(error instanceof ApiError && error.status < 500);

/** Spec 000 section 9: fresh for 5 minutes, kept 10, one retry, no refetch on focus, no polling. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getQueryFn,
      staleTime: 5 * MINUTE,
      gcTime: 10 * MINUTE,
      retry: retryServerFailuresOnce,
      refetchOnWindowFocus: false,
      refetchInterval: false,
    },
    mutations: { retry: retryServerFailuresOnce },
  },
});
