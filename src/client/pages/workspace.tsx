import { Tabs } from 'radix-ui';
import { RequireAuth } from '../features/auth';
import { PageContainer, PageHeader } from '../app/page-header';
import { PageSpinner } from '../components/ui/spinner';
import { LoadFailed } from '../components/ui/load-failed';
import { BookingsPanel, PracticePanel, NoExpertProfile, SetupNotice, needsSetup, StatusNotice, useWorkspaceProfile } from '../features/workspace';
import { WorkspaceReviewsPanel } from '../features/reviews';
import { EarningsPanel } from '../features/payments';
import { useSearchParams } from 'react-router';
import { useAuth } from '../lib/session';
import { ApiError } from '../lib/api-request';

const TAB_CLASS =
  'flex-1 rounded-md px-2 py-2 text-sm sm:px-4 font-semibold text-slate-600 transition-colors hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-navy-500 data-[state=active]:bg-white data-[state=active]:text-navy-800 data-[state=active]:shadow-sm sm:flex-none';

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
      {needsSetup(profile.data) ? <SetupNotice profile={profile.data} /> : null}
      <Tabs.Root value={tab} onValueChange={chooseTab} className="flex flex-col gap-6">
        <Tabs.List aria-label="Workspace" className="inline-flex w-full rounded-lg border border-slate-200 bg-slate-100 p-1 sm:w-auto sm:self-start">
          <Tabs.Trigger value="bookings" className={TAB_CLASS}>
            Bookings
          </Tabs.Trigger>
          <Tabs.Trigger value="practice" className={TAB_CLASS}>
            Practice
          </Tabs.Trigger>
          <Tabs.Trigger value="reviews" className={TAB_CLASS}>
            Reviews
          </Tabs.Trigger>
          <Tabs.Trigger value="earnings" className={TAB_CLASS}>
            Earnings
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="bookings" className="focus-visible:outline-none">
          <BookingsPanel />
        </Tabs.Content>
        <Tabs.Content value="practice" className="focus-visible:outline-none">
          <PracticePanel profile={profile.data} />
        </Tabs.Content>
        <Tabs.Content value="reviews" className="focus-visible:outline-none">
          <WorkspaceReviewsPanel />
        </Tabs.Content>
        <Tabs.Content value="earnings" className="focus-visible:outline-none">
          <EarningsPanel />
        </Tabs.Content>
      </Tabs.Root>
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
