import { Tabs } from 'radix-ui';
import { PageContainer, PageHeader } from '../app/page-header';
import { RequireAuth } from '../features/auth';
import { DisputesPanel, PayoutsPanel, RevenuePanel } from '../features/payments';
import { useAuth } from '../lib/session';

const TAB_CLASS =
  'flex-1 rounded-md px-2 py-2 text-sm font-semibold text-slate-600 transition-colors hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-navy-500 data-[state=active]:bg-white data-[state=active]:text-navy-800 data-[state=active]:shadow-sm sm:flex-none sm:px-4';

function PaymentManagement() {
  const { user } = useAuth();
  if (user?.role !== 'admin') return <p className="rounded-xl border border-slate-200 bg-white p-6 text-slate-700">Only administrators can see the marketplace&apos;s payments.</p>;
  return (
    <Tabs.Root defaultValue="disputes" className="flex flex-col gap-6">
      <Tabs.List aria-label="Payments" className="inline-flex w-full rounded-lg border border-slate-200 bg-slate-100 p-1 sm:w-auto sm:self-start">
        <Tabs.Trigger value="disputes" className={TAB_CLASS}>
          Disputes
        </Tabs.Trigger>
        <Tabs.Trigger value="revenue" className={TAB_CLASS}>
          Revenue
        </Tabs.Trigger>
        <Tabs.Trigger value="payouts" className={TAB_CLASS}>
          Payouts
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="disputes" className="focus-visible:outline-none">
        <DisputesPanel />
      </Tabs.Content>
      <Tabs.Content value="revenue" className="focus-visible:outline-none">
        <RevenuePanel />
      </Tabs.Content>
      <Tabs.Content value="payouts" className="focus-visible:outline-none">
        <PayoutsPanel />
      </Tabs.Content>
    </Tabs.Root>
  );
}

/** Administrators: disputed invoices, the marketplace's revenue by month, and payouts settled by hand. */
export default function PaymentManagementPage() {
  return (
    <RequireAuth>
      <PageContainer className="flex flex-col gap-6">
        <PageHeader title="Payment Management" subtitle="Resolve disputed invoices, follow revenue and settle payouts" />
        <PaymentManagement />
      </PageContainer>
    </RequireAuth>
  );
}
