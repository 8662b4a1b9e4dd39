import { queryOptions, useQuery, type QueryFilters } from '@tanstack/react-query';
import type { ActivityItem, DashboardStats } from '@common/dashboard';
import { apiJson } from '../../lib/api-request';

/** The dashboard's query keys: each the request's path, which the default fetcher (lib/query-client.ts) reads. */
export const dashboardKeys = {
  stats: ['/api/dashboard/stats'] as const,
  recentActivity: ['/api/dashboard/recent-activity'] as const,
};

/** Every dashboard query, to invalidate when what it counts (bookings, reviews, questions) changes. */
export const allDashboardQueries: QueryFilters = {
  predicate: (query) => String(query.queryKey[0]).startsWith('/api/dashboard'),
};

export function getDashboardStats() {
  return apiJson<DashboardStats>('GET', '/api/dashboard/stats');
}

export const dashboardStatsQueryOptions = () =>
  queryOptions({ queryKey: dashboardKeys.stats, queryFn: getDashboardStats });

/** Requested only when signed in. */
export function useDashboardStats(enabled: boolean) {
  return useQuery({ ...dashboardStatsQueryOptions(), enabled });
}

export function getRecentActivity() {
  return apiJson<ActivityItem[]>('GET', '/api/dashboard/recent-activity');
}

export const recentActivityQueryOptions = () =>
  queryOptions({ queryKey: dashboardKeys.recentActivity, queryFn: getRecentActivity });

export function useRecentActivity(enabled: boolean) {
  return useQuery({ ...recentActivityQueryOptions(), enabled });
}
