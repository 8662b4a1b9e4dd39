import { lazy, Suspense, useState } from 'react';
import { Download, Receipt } from 'lucide-react';
import type { Booking } from '@common/bookings';
import { INVOICE_STATUS_LABELS, IN_PERSON_METHODS, IN_PERSON_METHOD_LABELS, PAYOUT_STATUS_LABELS, disputeInvoiceSchema, type InPersonMethod, type Invoice } from '@common/invoices';
import { formatCents } from '@common/money';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { Label } from '../../components/ui/label';
import { NativeSelect } from '../../components/ui/native-select';
import { ReasonDialog } from '../../components/ui/reason-dialog';
import { SectionCard } from '../../components/ui/section-card';
import { Spinner } from '../../components/ui/spinner';
import { LocalDate } from '../../components/ui/local-date';
import { errorText } from '../../lib/api-request';
import { showToast } from '../../lib/toast';
import { invoicePdfUrl, useChangeInvoice, useInvoice } from './api';
import { InvoiceAdminActions } from './invoice-admin-actions';
import { HelpLink } from '../help';
import { OverpaymentList, RefundOverpaymentButton } from './overpayments';

// Stripe's components load only when an invoice is to be paid by card.
const InvoicePayment = lazy(() => import('./invoice-payment').then((module) => ({ default: module.InvoicePayment })));

const cents = (amount: string) => Math.round(Number(amount) * 100);
const money = (amount: string) => formatCents(cents(amount));

const STATUS_TONES: Record<Invoice['status'], 'gray' | 'green' | 'yellow' | 'blue'> = {
  open: 'yellow',
  awaiting_confirmation: 'blue',
  paid: 'green',
  disputed: 'gray',
};

/** A completed booking's final invoice, and what its viewer may do with it now. */
export function BookingInvoiceCard({ booking }: { booking: Booking }) {
  const invoice = useInvoice(booking.id, booking.status === 'completed');
  if (booking.status !== 'completed') return null;
  if (invoice.isPending) return <Spinner label="Loading the invoice" className="py-4" />;
  if (!invoice.data) return null;
  return <InvoiceCard invoice={invoice.data} />;
}

function InvoiceCard({ invoice }: { invoice: Invoice }) {
  const fullyRefunded = invoice.refunded !== '0.00' && invoice.refunded === invoice.total;
  const overdue = invoice.status === 'open' && new Date() > new Date(invoice.dueAt);
  const badge = fullyRefunded ? 'Refunded' : overdue ? 'Overdue' : INVOICE_STATUS_LABELS[invoice.status];
  return (
    <SectionCard title={`Invoice ${invoice.number}`} icon={Receipt}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-600">
          Issued <LocalDate iso={invoice.issuedAt} />
          {invoice.status === 'open' ? (
            <>
              {' '}· due <LocalDate iso={invoice.dueAt} />
            </>
          ) : null}
        </p>
        <Badge tone={fullyRefunded ? 'blue' : STATUS_TONES[invoice.status]}>{badge}</Badge>
      </div>
      <InvoiceLines invoice={invoice} />
      <div className="mt-4 flex flex-col gap-3">
        <PaymentLine invoice={invoice} />
        <OverpaymentList invoice={invoice} />
        {invoice.paymentError ? <FormAlert>The last card payment did not go through: {invoice.paymentError}</FormAlert> : null}
        {invoice.dispute ? (
          <div className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
            <p className="font-semibold text-slate-900">{invoice.dispute.resolvedAt ? 'Dispute resolved' : 'Disputed: payment waits for our review'}</p>
            <p>Reason: {invoice.dispute.reason}</p>
            {invoice.dispute.resolution ? <p>Resolution: {invoice.dispute.resolution}</p> : null}
          </div>
        ) : null}
        {invoice.earnings ? (
          <dl className="grid grid-cols-2 gap-x-3 gap-y-1 rounded-lg bg-slate-50 p-3 text-sm">
            <dt className="text-slate-600">Platform fee ({invoice.earnings.feePercent}%)</dt>
            <dd className="text-right">{money(invoice.earnings.fee)}</dd>
            <dt className="text-slate-600">Expert&apos;s share</dt>
            <dd className="text-right font-semibold">{money(invoice.earnings.net)}</dd>
            <dt className="text-slate-600">Payout</dt>
            <dd className="text-right">{PAYOUT_STATUS_LABELS[invoice.earnings.payoutStatus]}</dd>
          </dl>
        ) : null}
        <InvoiceActions invoice={invoice} />
        <Button asChild variant="outline" className="self-start">
          <a href={invoicePdfUrl(invoice.bookingId)} download>
            <Download aria-hidden /> {invoice.status === 'paid' ? 'Download receipt (PDF)' : 'Download invoice (PDF)'}
          </a>
        </Button>
        <p className="flex flex-wrap gap-x-4 gap-y-1">
          <HelpLink topic="payments">Help with paying</HelpLink>
          <HelpLink topic="disputes">Help with disputes and refunds</HelpLink>
        </p>
      </div>
    </SectionCard>
  );
}

function InvoiceLines({ invoice }: { invoice: Invoice }) {
  return (
    <table className="mt-3 w-full text-sm">
      <caption className="sr-only">Invoice lines</caption>
      <thead>
        <tr className="border-b border-slate-200 text-left text-slate-600">
          <th scope="col" className="py-1.5 font-medium">Item</th>
          <th scope="col" className="py-1.5 text-right font-medium">Qty</th>
          <th scope="col" className="py-1.5 text-right font-medium">Amount</th>
        </tr>
      </thead>
      <tbody>
        {invoice.lines.map((line, i) => (
          <tr key={i} className="border-b border-slate-100 align-top">
            <td className="py-1.5 pr-2 break-words">
              {line.description}
              {line.kind === 'labour' || line.kind === 'part' ? <span className="block text-xs text-slate-500">{money(line.unitPrice)} {line.kind === 'labour' ? 'per hour' : 'each'}</span> : null}
            </td>
            <td className="py-1.5 text-right">{line.kind === 'labour' ? `${line.quantity} h` : line.quantity}</td>
            <td className="py-1.5 text-right">{money(line.amount)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        {invoice.taxRate ? (
          <>
            <Total label="Subtotal" value={money(invoice.subtotal)} />
            <Total label={`Tax (${invoice.taxRate}% on parts)`} value={money(invoice.tax)} />
          </>
        ) : null}
        <Total label="Total" value={money(invoice.total)} strong />
        {invoice.refunded !== '0.00' ? <Total label="Refunded" value={`-${money(invoice.refunded)}`} /> : null}
      </tfoot>
    </table>
  );
}

function Total({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <tr className={strong ? 'font-semibold text-navy-800' : 'text-slate-700'}>
      <th scope="row" colSpan={2} className="py-1 text-right font-[inherit]">
        {label}
      </th>
      <td className="py-1 text-right">{value}</td>
    </tr>
  );
}

function PaymentLine({ invoice }: { invoice: Invoice }) {
  const { payment } = invoice;
  if (!payment) return invoice.status === 'paid' ? <p className="text-sm text-slate-700">Nothing is left to pay.</p> : null;
  const how = payment.method === 'card' ? 'by card' : `in person (${IN_PERSON_METHOD_LABELS[payment.inPersonMethod ?? 'cash'].toLowerCase()})`;
  if (!payment.paidAt) return <p className="text-sm text-slate-700">The expert recorded a payment {how}; the owner confirms it.</p>;
  return (
    <p className="text-sm text-slate-700">
      Paid {how} on <LocalDate iso={payment.paidAt} />.
    </p>
  );
}

function InvoiceActions({ invoice }: { invoice: Invoice }) {
  const change = useChangeInvoice(invoice.bookingId);
  const [disputing, setDisputing] = useState(false);
  const [method, setMethod] = useState<InPersonMethod>('cash');
  const allowed = new Set(invoice.allowedActions);
  const run = (request: Parameters<typeof change.mutate>[0], done: string, after?: () => void) =>
    change.mutate(request, {
      onSuccess: () => {
        showToast({ title: done });
        after?.();
      },
      onError: (failure) => showToast({ title: 'Error', description: errorText(failure, 'Failed to update the invoice'), variant: 'destructive' }),
    });

  return (
    <>
      {allowed.has('pay') ? (
        <Suspense fallback={<Spinner label="Loading payment options" className="py-4" />}>
          <InvoicePayment invoice={invoice} />
        </Suspense>
      ) : null}
      {allowed.has('confirm_in_person') ? (
        <div className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3 text-sm">
          <p>The expert recorded that you paid {money(invoice.total)} in person. Is that right?</p>
          <Button className="self-start" disabled={change.isPending} onClick={() => run({ action: 'confirm-payment' }, 'Payment confirmed')}>
            Yes, I paid
          </Button>
        </div>
      ) : null}
      {allowed.has('record_in_person') ? (
        <div className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3 text-sm sm:flex-row sm:items-end">
          <div className="flex flex-1 flex-col gap-1.5">
            <Label htmlFor={`paid-in-person-${invoice.id}`}>The owner paid you in person</Label>
            <NativeSelect id={`paid-in-person-${invoice.id}`} value={method} onChange={(event) => setMethod(event.target.value as InPersonMethod)}>
              {IN_PERSON_METHODS.map((m) => (
                <option key={m} value={m}>
                  {IN_PERSON_METHOD_LABELS[m]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button disabled={change.isPending} onClick={() => run({ action: 'paid-in-person', body: { method } }, 'Payment recorded: the owner is asked to confirm it')}>
            Record payment
          </Button>
        </div>
      ) : null}
      {allowed.has('dispute') ? (
        <>
          <Button variant="outline" className="self-start" onClick={() => setDisputing(true)}>
            Dispute this invoice
          </Button>
          <ReasonDialog
            id={`dispute-${invoice.id}`}
            open={disputing}
            onOpenChange={setDisputing}
            title={`Dispute invoice ${invoice.number}?`}
            description="Payment waits while we review it with you and the expert. You can dispute an invoice within 7 days of receiving it."
            label="What is wrong with this invoice?"
            placeholder="For example: the visit took two hours, not four"
            confirmLabel="Send dispute"
            pendingLabel="Sending..."
            pending={change.isPending}
            schema={disputeInvoiceSchema}
            maxLength={2000}
            required
            onConfirm={(reason) => run({ action: 'dispute', body: { reason } }, 'Dispute sent: we will write to you', () => setDisputing(false))}
          />
        </>
      ) : null}
      {allowed.has('refund_overpayment') ? <RefundOverpaymentButton invoice={invoice} /> : null}
      {allowed.has('resolve') || allowed.has('refund') ? <InvoiceAdminActions invoice={invoice} /> : null}
    </>
  );
}
