import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ActivityItem, DashboardStats } from '@common/dashboard';

export const dashboardStatsQueryOptions = () => queryOptions<DashboardStats>({ queryKey: ['/api/dashboard/stats'] });
export const recentActivityQueryOptions = () =>
  queryOptions<ActivityItem[]>({ queryKey: ['/api/dashboard/recent-activity'] });

/** Requested only when signed in (spec 000 section 6). */
export function useDashboardStats(enabled: boolean) {
  return useQuery({ ...dashboardStatsQueryOptions(), enabled });
}

export function useRecentActivity(enabled: boolean) {
  return useQuery({ ...recentActivityQueryOptions(), enabled });
}
