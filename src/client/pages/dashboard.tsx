import { RequireAuth } from '../features/auth';
import { LoadFailed } from '../components/ui/load-failed';
import { DashboardHeader, DashboardStatTiles, QuickActionTiles, RecentActivityCard, RecentAiQueries, SideQuickActions, UpcomingConsultations, useDashboardStats, useRecentActivity } from '../features/dashboard';
import { PageContainer } from '../app/page-header';
import { Spinner } from '../components/ui/spinner';
import { useAiSessions } from '../features/ai';
import { useAuth } from '../lib/session';
import { useConsultations } from '../features/bookings';
import { UpcomingMaintenanceCard, useUpcomingMaintenance } from '../features/boats';
import { UpcomingWorkCard } from '../features/workspace';

function Dashboard() {
  const { user, isAuthenticated } = useAuth();
  const stats = useDashboardStats(isAuthenticated);
  const activity = useRecentActivity(isAuthenticated);
  const consultations = useConsultations(isAuthenticated);
  // Upcoming means still to come: the server lists those first as 'scheduled', then past and cancelled calls.
  const upcoming = (consultations.data ?? []).filter((consultation) => consultation.status === 'scheduled');
  const sessions = useAiSessions(isAuthenticated);
  // Asked for with the rest, so the card below has its tasks when the page shows.
  useUpcomingMaintenance(isAuthenticated);
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
            <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
              {user.role === 'expert' ? <UpcomingWorkCard /> : null}
              <RecentActivityCard items={activity.data} />
              {/* Beside Upcoming on a wide screen: the side column is too narrow for its tasks and their buttons. */}
              <UpcomingMaintenanceCard enabled={isAuthenticated} />
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
