import { Link, useSearchParams } from 'react-router';
import { Download, ExternalLink, Landmark } from 'lucide-react';
import { monthLabel, type Earnings } from '@common/earnings';
import { PAYOUT_STATUS_LABELS } from '@common/invoices';
import { formatCents } from '@common/money';
import { BarChart } from '../../components/ui/bar-chart';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { LoadFailed } from '../../components/ui/load-failed';
import { SectionCard } from '../../components/ui/section-card';
import { Spinner } from '../../components/ui/spinner';
import { LocalDate } from '../../components/ui/local-date';
import { errorText } from '../../lib/api-request';
import { statementUrl, useConnectStripe, useEarnings } from './api';

const cents = (amount: string) => Math.round(Number(amount) * 100);
const money = (amount: string) => formatCents(cents(amount));

/** The workspace's Earnings tab: what the expert earned, by invoice and by month, and how they are paid. */
export function EarningsPanel() {
  const earnings = useEarnings();
  if (earnings.isPending) return <Spinner label="Loading your earnings" className="py-16" />;
  if (earnings.isError) return <LoadFailed what="your earnings" onRetry={() => void earnings.refetch()} />;
  const data = earnings.data;
  return (
    <div className="flex flex-col gap-6">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure label="Earned (after fees)" value={money(data.totals.net)} />
        <Figure label={`Platform fees (${data.feePercent}%)`} value={money(data.totals.fee)} />
        {cents(data.totals.toBePaidOut) < 0 ? (
          <Figure label="Fees you owe (paid in person)" value={formatCents(-cents(data.totals.toBePaidOut))} />
        ) : (
          <Figure label="To be paid to you" value={money(data.totals.toBePaidOut)} />
        )}
        <Figure label="Invoices awaiting payment" value={String(data.totals.unpaidInvoices)} />
      </dl>
      <PayoutSetup stripe={data.stripe} />
      <SectionCard title="By month" icon={Landmark}>
        <BarChart
          label={`Earnings after fees, last twelve months: ${data.months.map((m) => `${monthLabel(m.month)} ${money(m.net)}`).join(', ')}`}
          bars={data.months.map((m) => ({ label: monthLabel(m.month).split(' ')[0]!, value: cents(m.net) }))}
          format={formatCents}
        />
        <ul className="mt-4 divide-y divide-slate-100 text-sm">
          {data.months
            .filter((m) => m.invoices > 0)
            .reverse()
            .map((m) => (
              <li key={m.month} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="font-medium">{monthLabel(m.month, 'long')}</span>
                <span className="text-slate-600">
                  {m.invoices} paid · {money(m.gross)} gross · {money(m.fee)} fees · <span className="font-semibold text-slate-900">{money(m.net)} net</span>
                </span>
                <a href={statementUrl(m.month)} download className="inline-flex items-center gap-1 font-medium text-navy-700 underline">
                  <Download aria-hidden className="size-4" /> Statement (CSV)<span className="sr-only"> for {monthLabel(m.month, 'long')}</span>
                </a>
              </li>
            ))}
          {data.months.every((m) => m.invoices === 0) ? <li className="py-2 text-slate-600">No payments received in the last twelve months yet.</li> : null}
        </ul>
      </SectionCard>
      <SectionCard title="Invoices" icon={Landmark}>
        {data.invoices.length === 0 ? (
          <p className="text-sm text-slate-600">Your invoices appear here once you complete bookings.</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm">
            {data.invoices.map((invoice) => (
              <li key={invoice.invoiceNumber} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:justify-between">
                <div>
                  <Link to={`/bookings/${invoice.bookingId}`} className="font-semibold text-navy-700 underline">
                    {invoice.invoiceNumber}
                  </Link>{' '}
                  <span className="text-slate-600">
                    · booking #{invoice.bookingNumber} · {invoice.ownerName}
                  </span>
                  <p className="text-slate-600">
                    {invoice.paidAt ? (
                      <>
                        Paid <LocalDate iso={invoice.paidAt} /> {invoice.paymentMethod === 'card' ? 'by card' : 'in person'}
                      </>
                    ) : (
                      <>
                        Issued <LocalDate iso={invoice.issuedAt} />, {invoice.status === 'disputed' ? 'disputed' : invoice.status === 'awaiting_confirmation' ? 'paid in person, awaiting confirmation' : 'awaiting payment'}
                      </>
                    )}
                  </p>
                </div>
                <div className="text-left sm:text-right">
                  {invoice.paidAt ? (
                    <p>
                      {money(invoice.gross)} − {money(invoice.fee)} fee = <span className="font-semibold">{money(invoice.net)}</span>
                    </p>
                  ) : null}
                  <p className="text-slate-600">{PAYOUT_STATUS_LABELS[invoice.payoutStatus]}</p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </SectionCard>
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-navy-800">{value}</dd>
    </div>
  );
}

function PayoutSetup({ stripe }: { stripe: Earnings['stripe'] }) {
  const connect = useConnectStripe();
  const [search] = useSearchParams();
  if (!stripe) {
    return (
      <FormAlert tone="info">
        Owners pay you in person; K&amp;B Marine settles its fee with you each month. Your statements below list every payment.
      </FormAlert>
    );
  }
  if (stripe.ready) {
    return <FormAlert tone="success">Card payments go straight to your Stripe account, less the platform fee. Stripe pays them out to your bank.</FormAlert>;
  }
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-slate-700">
        {search.get('stripe') === 'return' && stripe.connected
          ? 'Stripe has not finished checking your details yet. You can go back to Stripe to complete them.'
          : 'Get card payments paid straight to your bank: set up payouts with Stripe. Until then K&B Marine pays you each month.'}
      </p>
      <Button onClick={() => connect.mutate()} disabled={connect.isPending || connect.isSuccess}>
        <ExternalLink aria-hidden /> {stripe.connected ? 'Continue with Stripe' : 'Set up payouts with Stripe'}
      </Button>
      {connect.isError ? <FormAlert>{errorText(connect.error, 'Could not reach Stripe. Please try again.')}</FormAlert> : null}
    </div>
  );
}
