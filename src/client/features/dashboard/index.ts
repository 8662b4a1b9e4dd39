// The dashboard feature's door: what pages, the app and other features may use of it.
export { ActivityList } from './activity-list';
export { allDashboardQueries, useDashboardStats, useRecentActivity } from './api';
export { DashboardHeader } from './dashboard-header';
export { DashboardStatTiles } from './dashboard-stats';
export { formatSavings } from './format-savings';
export { QuickActionTiles } from './quick-action-tiles';
export { RecentActivityCard } from './recent-activity-card';
export { RecentAiQueries } from './recent-ai-queries';
export { SideQuickActions } from './side-quick-actions';
export { UpcomingConsultations } from './upcoming-consultations';
