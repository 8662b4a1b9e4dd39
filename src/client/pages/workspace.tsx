import { RequireAuth } from '../features/auth';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs';
import { PageContainer, PageHeader } from '../app/page-header';
import { PageSpinner } from '../components/ui/spinner';
import { LoadFailed } from '../components/ui/load-failed';
import { BookingsPanel, PracticePanel, NoExpertProfile, SetupNotice, needsSetup, StatusNotice, useWorkspaceProfile } from '../features/workspace';
import { WorkspaceReviewsPanel } from '../features/reviews';
import { EarningsPanel } from '../features/payments';
import { HomeScreenHint } from '../features/push';
import { useSearchParams } from 'react-router';
import { useAuth } from '../lib/session';
import { ApiError } from '../lib/api-request';

const TABS = ['bookings', 'practice', 'reviews', 'earnings'];

function Workspace() {
  const { user } = useAuth();
  const isExpert = user?.role === 'expert';
  const profile = useWorkspaceProfile(isExpert);
  // The tab is in the address, so Stripe's onboarding can send the expert back to their earnings.
  const [search, setSearch] = useSearchParams();
  const tab = TABS.includes(search.get('tab') ?? '') ? search.get('tab')! : 'bookings';
  const chooseTab = (next: string) =>
    setSearch(
      (params) => {
        if (next === 'bookings') params.delete('tab');
        else params.set('tab', next);
        params.delete('stripe');
        return params;
      },
      { replace: true },
    );
  if (!isExpert || (profile.error instanceof ApiError && profile.error.status === 404)) return <NoExpertProfile />;
  if (profile.isError) return <LoadFailed what="your expert profile" onRetry={() => void profile.refetch()} />;
  if (!profile.data) return <PageSpinner />;
  return (
    <div className="flex flex-col gap-6">
      <StatusNotice profile={profile.data} />
      <HomeScreenHint />
      {needsSetup(profile.data) ? <SetupNotice profile={profile.data} /> : null}
      <Tabs value={tab} onValueChange={chooseTab} className="flex flex-col gap-6">
        <TabsList aria-label="Workspace">
          <TabsTrigger value="bookings">
            Bookings
          </TabsTrigger>
          <TabsTrigger value="practice">
            Practice
          </TabsTrigger>
          <TabsTrigger value="reviews">
            Reviews
          </TabsTrigger>
          <TabsTrigger value="earnings">
            Earnings
          </TabsTrigger>
        </TabsList>
        <TabsContent value="bookings">
          <BookingsPanel />
        </TabsContent>
        <TabsContent value="practice">
          <PracticePanel profile={profile.data} />
        </TabsContent>
        <TabsContent value="reviews">
          <WorkspaceReviewsPanel />
        </TabsContent>
        <TabsContent value="earnings">
          <EarningsPanel />
        </TabsContent>
      </Tabs>
    </div>
  );
}

/** The expert workspace: the bookings to work and the practice to manage. */
export default function WorkspacePage() {
  return (
    <RequireAuth>
      <PageContainer className="flex flex-col gap-8">
        <PageHeader title="Expert Workspace" subtitle="Answer booking requests, run your consultations and visits, and manage your practice." />
        <Workspace />
      </PageContainer>
    </RequireAuth>
  );
}
