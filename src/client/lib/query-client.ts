import { QueryClient, type Query } from '@tanstack/react-query';
import { ApiError, getQueryFn } from './api-request';

const MINUTE = 60_000;

/** A refused request (bad input, signed out, not found, conflict, rate limited): the same ask fails the same way. */
const isRefusal = (error: unknown) => error instanceof ApiError && error.status < 500;

/**
 * The one retry (docs/PRODUCT.md#requests-and-errors), for failures a second try can cure (network, 5xx), not for refusals.
 * Writes that must not happen twice carry an idempotency key (bookings, booking messages).
 */
export const retryServerFailuresOnce = (failureCount: number, error: unknown) => failureCount < 1 && !isRefusal(error);

/** How long a refusal stands as the answer for a page that mounts on it. */
const REFUSAL_STANDS_MS = 5_000;

/**
 * A page mounting on a query that failed asks again, unless the failure is a refusal of the last few
 * seconds: the first render's prefetch (page-data.ts) had just been told 404 for an expert that does not
 * exist, and the page then asked again for the same 404.
 */
export const retryOnMountUnlessJustRefused = (query: Query) =>
  !(isRefusal(query.state.error) && Date.now() - query.state.errorUpdatedAt < REFUSAL_STANDS_MS);

/** Fresh for 5 minutes, kept 10, one retry, no refetch on focus, no polling (docs/PRODUCT.md#requests-and-errors). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn,
        staleTime: 5 * MINUTE,
        gcTime: 10 * MINUTE,
        retry: retryServerFailuresOnce,
        retryOnMount: retryOnMountUnlessJustRefused,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: { retry: retryServerFailuresOnce },
    },
  });
}

export const queryClient = createQueryClient();
