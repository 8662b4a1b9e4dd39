import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ActivityItem, DashboardStats } from '@common/dashboard';
import { apiJson } from '../api-request';

export function getDashboardStats() {
  return apiJson<DashboardStats>('GET', '/api/dashboard/stats');
}

export const dashboardStatsQueryOptions = () =>
  queryOptions({ queryKey: ['/api/dashboard/stats'], queryFn: getDashboardStats });

/** Requested only when signed in (spec 000 section 6). */
export function useDashboardStats(enabled: boolean) {
  return useQuery({ ...dashboardStatsQueryOptions(), enabled });
}

export function getRecentActivity() {
  return apiJson<ActivityItem[]>('GET', '/api/dashboard/recent-activity');
}

export const recentActivityQueryOptions = () =>
  queryOptions({ queryKey: ['/api/dashboard/recent-activity'], queryFn: getRecentActivity });

export function useRecentActivity(enabled: boolean) {
  return useQuery({ ...recentActivityQueryOptions(), enabled });
}
