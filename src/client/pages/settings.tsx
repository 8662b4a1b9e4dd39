import { Link } from 'react-router';
import { RequireAuth, ChangePasswordCard, SessionsCard } from '../features/auth';
import { PageContainer, PageHeader } from '../app/page-header';
import { AiSettingsCard } from '../features/ai';
import { TimeZoneCard } from '../features/profile';
import { NotificationPreferencesCard } from '../features/notifications';
import { MobileNumberCard } from '../features/sms';
import { CalendarFeedCard } from '../features/calendar-feed';
import { canPush, DevicePushCard, usePushSupport } from '../features/push';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card';
import { Button } from '../components/ui/button';
import { useAuth } from '../lib/session';

function AccountCard() {
  const { user } = useAuth();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Account</CardTitle>
        <CardDescription>
          You sign in as <span className="font-medium text-slate-900">{user?.email}</span>.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild variant="outline">
          <Link to="/profile">Edit your profile</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

export default function SettingsPage() {
  const { user } = useAuth();
  const support = usePushSupport();
  return (
    <RequireAuth>
      <PageContainer>
        <PageHeader title="Settings" subtitle="Manage your account, time zone, notifications, this device, text messages, calendar feed, password and sessions" />
        <div className="mt-6 grid max-w-3xl gap-6">
          <AccountCard />
          {user ? <TimeZoneCard user={user} /> : null}
          <NotificationPreferencesCard channels={support && canPush(support) ? ['email', 'push', 'text'] : ['email', 'text']} />
          {user ? <DevicePushCard /> : null}
          {user ? <MobileNumberCard /> : null}
          {user ? <CalendarFeedCard /> : null}
          <ChangePasswordCard />
          <SessionsCard />
          {user?.role === 'admin' ? <AiSettingsCard /> : null}
        </div>
      </PageContainer>
    </RequireAuth>
  );
}
