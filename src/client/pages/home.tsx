import { useState } from 'react';
import { Link } from 'react-router';
import { Hero, StatsStrip, QuickActions } from '../features/home';
import { ActivityList, useDashboardStats, useRecentActivity } from '../features/dashboard';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card';
import { isNewAccount, useAuth } from '../lib/session';

const HOME_ACTIVITY_LIMIT = 3;

export default function HomePage() {
  const { isAuthenticated, user } = useAuth();
  // The moment the page opened: rendering again must not change the greeting.
  const [openedAt] = useState(Date.now);
  const newAccount = !!user && isNewAccount(user.createdAt, openedAt);
  const stats = useDashboardStats(isAuthenticated);
  const activity = useRecentActivity(isAuthenticated);
  const recent = activity.data?.slice(0, HOME_ACTIVITY_LIMIT) ?? [];

  return (
    <>
      <Hero signedIn={isAuthenticated} newAccount={newAccount} />
      {isAuthenticated && stats.data ? <StatsStrip stats={stats.data} /> : null}
      <QuickActions />
      {recent.length > 0 ? (
        <section className="mx-auto max-w-7xl px-4 pt-12 sm:px-6 lg:px-8">
          <Card>
            <CardHeader className="flex-row items-center justify-between">
              <CardTitle>Recent Activity</CardTitle>
              <Link to="/dashboard" className="text-sm font-semibold text-navy-600 hover:underline">
                View All
              </Link>
            </CardHeader>
            <CardContent>
              <ActivityList items={recent} />
            </CardContent>
          </Card>
        </section>
      ) : null}
    </>
  );
}
