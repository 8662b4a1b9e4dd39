import { useState } from 'react';
import { Pencil } from 'lucide-react';
import { RequireAuth } from '../features/auth';
import { PageContainer, PageHeader } from '../app/page-header';
import { ProfileSummaryCard, ProfileDetails, ProfileForm, PendingEmailNotice } from '../features/profile';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card';
import { useAuth } from '../lib/session';

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
