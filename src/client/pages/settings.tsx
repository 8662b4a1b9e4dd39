import { Link } from 'react-router';
import { RequireAuth } from '../components/auth/require-auth';
import { PageContainer, PageHeader } from '../components/layout/page-header';
import { AiSettingsCard } from '../components/settings/ai-settings-card';
import { ChangePasswordCard } from '../components/settings/change-password-card';
import { SessionsCard } from '../components/settings/sessions-card';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card';
import { Button } from '../components/ui/button';
import { useAuth } from '../lib/api/auth';

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
  return (
    <RequireAuth>
      <PageContainer>
        <PageHeader title="Settings" subtitle="Manage your account, password and sessions" />
        <div className="mt-6 grid max-w-3xl gap-6">
          <AccountCard />
          <ChangePasswordCard />
          <SessionsCard />
          {user?.role === 'admin' ? <AiSettingsCard /> : null}
        </div>
      </PageContainer>
    </RequireAuth>
  );
}
