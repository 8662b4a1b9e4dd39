import { useState } from 'react';
import { Pencil } from 'lucide-react';
import { RequireAuth } from '../components/auth/require-auth';
import { PageContainer, PageHeader } from '../components/layout/page-header';
import { ProfileSummaryCard } from '../components/profile/profile-summary-card';
import { ProfileDetails } from '../components/profile/profile-details';
import { ProfileForm } from '../components/profile/profile-form';
import { PendingEmailNotice } from '../components/profile/pending-email-notice';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card';
import { useAuth } from '../lib/api/auth';

function Profile() {
  const { user } = useAuth();
  const [editing, setEditing] = useState(false);
  if (!user) return null;
  return (
    <PageContainer>
      <PageHeader title="My Profile" subtitle="Your account details and contact information" />
      <div className="mt-6 grid gap-6 lg:grid-cols-[20rem_1fr]">
        <ProfileSummaryCard user={user} />
        <Card>
          <CardHeader className="flex-row items-center justify-between gap-4">
            <CardTitle>Profile Information</CardTitle>
            {!editing ? (
              <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
                <Pencil aria-hidden /> Edit Profile
              </Button>
            ) : null}
          </CardHeader>
          <CardContent className="flex flex-col gap-6">
            <PendingEmailNotice currentEmail={user.email} />
            {editing ? <ProfileForm user={user} onDone={() => setEditing(false)} /> : <ProfileDetails user={user} />}
          </CardContent>
        </Card>
      </div>
    </PageContainer>
  );
}

export default function ProfilePage() {
  return (
    <RequireAuth>
      <Profile />
    </RequireAuth>
  );
}
