import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api-request';

const MINUTE = 60_000;

/** Spec 000 section 9: fresh for 5 minutes, kept 10, one retry, no refetch on focus, no polling. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: 'throw' }),
      staleTime: 5 * MINUTE,
      gcTime: 10 * MINUTE,
      retry: 1,
      refetchOnWindowFocus: false,
      refetchInterval: false,
    },
    mutations: { retry: 1 },
  },
});
