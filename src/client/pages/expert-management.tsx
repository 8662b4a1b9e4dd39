import { Tabs } from 'radix-ui';
import { RequireAuth } from '../features/auth';
import { PageContainer, PageHeader } from '../app/page-header';
import { ExpertManagementScreen, NotPermitted } from '../features/admin-experts';
import { AdminHelpRequests } from '../features/help-now';
import { ReportedReviewsQueue } from '../features/reviews';
import { useAuth } from '../lib/session';

const TAB_CLASS =
  'flex-1 rounded-md px-4 py-2 text-sm font-semibold text-slate-600 transition-colors hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-navy-500 data-[state=active]:bg-white data-[state=active]:text-navy-800 data-[state=active]:shadow-sm sm:flex-none';

/**
 * /expert-management: administrators review applications and approve, suspend, reinstate or reject experts,
 * decide the reviews experts reported, and watch Help now requests.
 */
export default function ExpertManagementPage() {
  const { user } = useAuth();
  return (
    <RequireAuth>
      <PageContainer>
        {user?.role === 'admin' ? (
          <>
            <PageHeader title="Expert Management" subtitle="Manage expert applications and approvals" />
            <Tabs.Root defaultValue="experts" className="mt-6 flex flex-col">
              <Tabs.List aria-label="Expert management" className="inline-flex w-full rounded-lg border border-slate-200 bg-slate-100 p-1 sm:w-auto sm:self-start">
                <Tabs.Trigger value="experts" className={TAB_CLASS}>
                  Experts
                </Tabs.Trigger>
                <Tabs.Trigger value="reported-reviews" className={TAB_CLASS}>
                  Reported reviews
                </Tabs.Trigger>
                <Tabs.Trigger value="help-requests" className={TAB_CLASS}>
                  Help requests
                </Tabs.Trigger>
              </Tabs.List>
              <Tabs.Content value="experts" className="focus-visible:outline-none">
                <ExpertManagementScreen />
              </Tabs.Content>
              <Tabs.Content value="reported-reviews" className="mt-6 focus-visible:outline-none">
                <ReportedReviewsQueue />
              </Tabs.Content>
              <Tabs.Content value="help-requests" className="mt-6 focus-visible:outline-none">
                <AdminHelpRequests />
              </Tabs.Content>
            </Tabs.Root>
          </>
        ) : (
          <NotPermitted />
        )}
      </PageContainer>
    </RequireAuth>
  );
}
