import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs';
import { PageContainer, PageHeader } from '../app/page-header';
import { RequireAuth } from '../features/auth';
import { DisputesPanel, OverpaymentsPanel, PayoutsPanel, RevenuePanel } from '../features/payments';
import { useAuth } from '../lib/session';

function PaymentManagement() {
  const { user } = useAuth();
  if (user?.role !== 'admin') return <p className="rounded-xl border border-slate-200 bg-white p-6 text-slate-700">Only administrators can see the marketplace&apos;s payments.</p>;
  return (
    <Tabs defaultValue="disputes" className="flex flex-col gap-6">
      <TabsList aria-label="Payments" className="flex-wrap">
        <TabsTrigger value="disputes">
          Disputes
        </TabsTrigger>
        <TabsTrigger value="overpayments">
          Overpayments
        </TabsTrigger>
        <TabsTrigger value="revenue">
          Revenue
        </TabsTrigger>
        <TabsTrigger value="payouts">
          Payouts
        </TabsTrigger>
      </TabsList>
      <TabsContent value="disputes">
        <DisputesPanel />
      </TabsContent>
      <TabsContent value="overpayments">
        <OverpaymentsPanel />
      </TabsContent>
      <TabsContent value="revenue">
        <RevenuePanel />
      </TabsContent>
      <TabsContent value="payouts">
        <PayoutsPanel />
      </TabsContent>
    </Tabs>
  );
}

/** Administrators: disputed invoices, overpayments to give back, the marketplace's revenue by month, and payouts settled by hand. */
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
