import { RequireAuth } from '../components/auth/require-auth';
import { LoadFailed } from '../components/bookings/load-failed';
import { DashboardHeader } from '../components/dashboard/dashboard-header';
import { DashboardStatTiles } from '../components/dashboard/dashboard-stats';
import { QuickActionTiles } from '../components/dashboard/quick-action-tiles';
import { RecentActivityCard } from '../components/dashboard/recent-activity-card';
import { RecentAiQueries } from '../components/dashboard/recent-ai-queries';
import { SideQuickActions } from '../components/dashboard/side-quick-actions';
import { UpcomingConsultations } from '../components/dashboard/upcoming-consultations';
import { PageContainer } from '../components/layout/page-header';
import { Spinner } from '../components/ui/spinner';
import { useAiSessions } from '../lib/api/ai';
import { useAuth } from '../lib/api/auth';
import { useConsultations } from '../lib/api/bookings';
import { useDashboardStats, useRecentActivity } from '../lib/api/dashboard';

function Dashboard() {
  const { user, isAuthenticated } = useAuth();
  const stats = useDashboardStats(isAuthenticated);
  const activity = useRecentActivity(isAuthenticated);
  const consultations = useConsultations(isAuthenticated);
  // Upcoming means still to come: the server lists those first as 'scheduled', then past and cancelled calls.
  const upcoming = (consultations.data ?? []).filter((consultation) => consultation.status === 'scheduled');
  const sessions = useAiSessions(isAuthenticated);
  if (!user) return null;

  const loading = stats.isPending || activity.isPending;
  const failed = stats.isError || activity.isError;
  const retry = () => {
    if (stats.isError) void stats.refetch();
    if (activity.isError) void activity.refetch();
  };

  return (
    <PageContainer className="flex flex-col gap-6">
      <DashboardHeader user={user} />
      <QuickActionTiles />
      {loading ? (
        <Spinner label="Loading your dashboard" className="py-16" />
      ) : failed ? (
        <LoadFailed what="your dashboard" onRetry={retry} />
      ) : (
        <>
          <DashboardStatTiles stats={stats.data} />
          <div className="grid items-start gap-6 lg:grid-cols-3">
            <div className="min-w-0 lg:col-span-2">
              <RecentActivityCard items={activity.data} />
            </div>
            <aside aria-label="Shortcuts and upcoming" className="flex min-w-0 flex-col gap-6">
              <SideQuickActions />
              {upcoming.length > 0 ? <UpcomingConsultations consultations={upcoming} /> : null}
              {sessions.data && sessions.data.length > 0 ? <RecentAiQueries sessions={sessions.data} /> : null}
            </aside>
          </div>
        </>
      )}
    </PageContainer>
  );
}

export default function DashboardPage() {
  return (
    <RequireAuth>
      <Dashboard />
    </RequireAuth>
  );
}
