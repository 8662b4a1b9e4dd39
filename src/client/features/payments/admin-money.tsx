import { useState } from 'react';
import { Link } from 'react-router';
import { Download, Scale } from 'lucide-react';
import { monthLabel, monthOf } from '@common/earnings';
import { formatCents } from '@common/money';
import { BarChart } from '../../components/ui/bar-chart';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { LoadFailed } from '../../components/ui/load-failed';
import { SectionCard } from '../../components/ui/section-card';
import { Spinner } from '../../components/ui/spinner';
import { LocalDate } from '../../components/ui/local-date';
import { errorText } from '../../lib/api-request';
import { showToast } from '../../lib/toast';
import { payoutCsvUrl, useDisputes, useOverpayments, usePayoutReport, useRevenue, useSettlePayout } from './api';
import { OverpaymentList, RefundOverpaymentButton, heldCents } from './overpayments';

const cents = (amount: string) => Math.round(Number(amount) * 100);
const money = (amount: string) => formatCents(cents(amount));
const thisMonth = () => monthOf(new Date());

/** The disputed invoices, the oldest first; each is resolved on its booking's page. */
export function DisputesPanel() {
  const disputes = useDisputes();
  if (disputes.isPending) return <Spinner label="Loading disputes" className="py-12" />;
  if (disputes.isError) return <LoadFailed what="the disputes" onRetry={() => void disputes.refetch()} />;
  if (disputes.data.length === 0) return <p className="rounded-xl border border-slate-200 bg-white p-6 text-slate-600">No invoice is disputed.</p>;
  return (
    <ul className="flex flex-col gap-3">
      {disputes.data.map((invoice) => (
        <li key={invoice.id} className="rounded-xl border border-slate-200 bg-white p-4">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <Link to={`/bookings/${invoice.bookingId}`} className="font-semibold text-navy-700 underline">
              {invoice.number} · booking #{invoice.bookingNumber}
            </Link>
            <span className="font-semibold">{money(invoice.total)}</span>
          </div>
          <p className="text-sm text-slate-600">
            {invoice.owner.name} disputes {invoice.expert.name}&apos;s invoice, since <LocalDate iso={invoice.dispute!.openedAt} />
            {invoice.payment?.paidAt ? ' (paid)' : ' (unpaid)'}
          </p>
          <p className="mt-2 text-sm text-slate-800">“{invoice.dispute!.reason}”</p>
        </li>
      ))}
    </ul>
  );
}

/** Invoices holding card money beyond what they ask for, each refunded with one action. */
export function OverpaymentsPanel() {
  const overpaid = useOverpayments();
  if (overpaid.isPending) return <Spinner label="Loading overpayments" className="py-12" />;
  if (overpaid.isError) return <LoadFailed what="the overpayments" onRetry={() => void overpaid.refetch()} />;
  if (overpaid.data.length === 0) return <p className="rounded-xl border border-slate-200 bg-white p-6 text-slate-600">No invoice holds an overpayment.</p>;
  return (
    <ul className="flex flex-col gap-3">
      {overpaid.data.map((invoice) => (
        <li key={invoice.id} className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <Link to={`/bookings/${invoice.bookingId}`} className="font-semibold text-navy-700 underline">
              {invoice.number} · booking #{invoice.bookingNumber}
            </Link>
            <span className="text-sm text-slate-600">Invoice total {money(invoice.total)}</span>
          </div>
          <p className="text-sm text-slate-600">
            {invoice.owner.name} paid {invoice.expert.name}&apos;s invoice
          </p>
          <OverpaymentList invoice={invoice} />
          {heldCents(invoice) > 0 ? <RefundOverpaymentButton invoice={invoice} /> : null}
        </li>
      ))}
    </ul>
  );
}

function MonthPicker({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (month: string) => void }) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} type="month" value={value} max={thisMonth()} onChange={(event) => event.target.value && onChange(event.target.value)} className="w-48" />
    </div>
  );
}

/** Bookings invoiced, gross, fees, refunds and disputes for the twelve months to the chosen one. */
export function RevenuePanel() {
  const [until, setUntil] = useState(thisMonth);
  const revenue = useRevenue(until);
  return (
    <div className="flex flex-col gap-4">
      <MonthPicker id="revenue-until" label="Twelve months to" value={until} onChange={setUntil} />
      {revenue.isPending ? (
        <Spinner label="Loading revenue" className="py-12" />
      ) : revenue.isError ? (
        <LoadFailed what="the revenue" onRetry={() => void revenue.refetch()} />
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3 lg:grid-cols-5">
            {(
              [
                ['Bookings invoiced', String(revenue.data.totals.bookings)],
                ['Paid by owners', money(revenue.data.totals.gross)],
                ['Platform fees', money(revenue.data.totals.fees)],
                ['Refunded', money(revenue.data.totals.refunds)],
                ['Disputes', String(revenue.data.totals.disputes)],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="rounded-xl border border-slate-200 bg-white p-4">
                <dt className="text-sm text-slate-600">{label}</dt>
                <dd className="mt-1 text-xl font-bold text-navy-800">{value}</dd>
              </div>
            ))}
          </dl>
          <SectionCard title="Paid by owners by month" icon={Scale}>
            <BarChart
              label={`Paid by owners by month: ${revenue.data.months.map((m) => `${monthLabel(m.month)} ${money(m.gross)}`).join(', ')}`}
              bars={revenue.data.months.map((m) => ({ label: monthLabel(m.month).split(' ')[0]!, value: cents(m.gross) }))}
              format={formatCents}
            />
          </SectionCard>
          <SectionCard title="Platform fees by month" icon={Scale}>
            <BarChart
              label={`Platform fees by month: ${revenue.data.months.map((m) => `${monthLabel(m.month)} ${money(m.fees)}`).join(', ')}`}
              bars={revenue.data.months.map((m) => ({ label: monthLabel(m.month).split(' ')[0]!, value: cents(m.fees) }))}
              format={formatCents}
            />
            <div className="mt-4 overflow-x-auto">
              <table className="w-full min-w-[36rem] text-sm">
                <caption className="sr-only">Revenue by month</caption>
                <thead>
                  <tr className="border-b border-slate-200 text-left text-slate-600">
                    {['Month', 'Bookings', 'Paid', 'Fees', 'Refunds', 'Disputes'].map((heading) => (
                      <th key={heading} scope="col" className="py-1.5 font-medium">
                        {heading}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {[...revenue.data.months].reverse().map((m) => (
                    <tr key={m.month} className="border-b border-slate-100">
                      <th scope="row" className="py-1.5 text-left font-medium">
                        {monthLabel(m.month)}
                      </th>
                      <td>{m.bookings}</td>
                      <td>{money(m.gross)}</td>
                      <td>{money(m.fees)}</td>
                      <td>{money(m.refunds)}</td>
                      <td>{m.disputes}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </SectionCard>
        </>
      )}
    </div>
  );
}

/** What the platform owes each expert for a month's payments settled by hand, and marking it paid. */
export function PayoutsPanel() {
  const [period, setPeriod] = useState(thisMonth);
  const report = usePayoutReport(period);
  const settle = useSettlePayout(period);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <MonthPicker id="payout-period" label="Month" value={period} onChange={setPeriod} />
        <Button asChild variant="outline">
          <a href={payoutCsvUrl(period)} download>
            <Download aria-hidden /> Payout report (CSV)
          </a>
        </Button>
      </div>
      <p className="text-sm text-slate-600">
        Payments by card to experts without a ready Stripe account, and payments in person, settled by hand. A negative amount is the platform&apos;s fee the expert owes on money they were paid in person.
      </p>
      {report.isPending ? (
        <Spinner label="Loading the payout report" className="py-12" />
      ) : report.isError ? (
        <LoadFailed what="the payout report" onRetry={() => void report.refetch()} />
      ) : report.data.lines.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-6 text-slate-600">No payments were received in {monthLabel(period, 'long')}.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {report.data.lines.map((line) => (
            <li key={line.expertId} className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between">
              <div>
                <p className="font-semibold">{line.expertName}</p>
                <p className="text-sm text-slate-600">
                  {line.invoices} paid {line.invoices === 1 ? 'invoice' : 'invoices'} · {money(line.gross)} gross · {money(line.fee)} fees
                </p>
              </div>
              {line.settledAt ? (
                <p className="text-sm text-green-800">
                  Settled <LocalDate iso={line.settledAt} />
                </p>
              ) : (
                <div className="flex items-center gap-3">
                  <span className="font-semibold">{money(line.owed)}</span>
                  <Button
                    disabled={settle.isPending}
                    onClick={() =>
                      settle.mutate(line.expertId, {
                        onSuccess: () => showToast({ title: 'Marked as settled', description: `${line.expertName}, ${monthLabel(period, 'long')}.` }),
                        onError: (failure) => showToast({ title: 'Error', description: errorText(failure, 'Failed to record the payout'), variant: 'destructive' }),
                      })
                    }
                  >
                    Mark settled<span className="sr-only"> for {line.expertName}</span>
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
