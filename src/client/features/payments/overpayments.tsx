import { OVERPAYMENT_STATUS_LABELS, type Invoice } from '@common/invoices';
import { formatCents } from '@common/money';
import { Button } from '../../components/ui/button';
import { errorText } from '../../lib/api-request';
import { showToast } from '../../lib/toast';
import { useChangeInvoice } from './api';

const cents = (amount: string) => Math.round(Number(amount) * 100);

/** What the invoice's open overpayments add up to: what one refund gives back. */
export function heldCents(invoice: Invoice): number {
  return invoice.overpayments.filter((overpayment) => overpayment.status === 'open').reduce((sum, overpayment) => sum + cents(overpayment.amount), 0);
}

/** Card money received beyond the invoice, each with why and where its refund stands. */
export function OverpaymentList({ invoice }: { invoice: Invoice }) {
  if (invoice.overpayments.length === 0) return null;
  return (
    <div className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-slate-800">
      <p className="font-semibold text-slate-900">Paid beyond this invoice</p>
      <ul className="mt-1 flex flex-col gap-1">
        {invoice.overpayments.map((overpayment) => (
          <li key={overpayment.id} className="flex flex-wrap justify-between gap-x-3">
            <span>
              {formatCents(cents(overpayment.amount))}: {overpayment.reason}
            </span>
            <span className="font-medium">{OVERPAYMENT_STATUS_LABELS[overpayment.status]}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The administrator's one action: every open overpayment of the invoice back to the owner's card. */
export function RefundOverpaymentButton({ invoice }: { invoice: Invoice }) {
  const change = useChangeInvoice(invoice.bookingId);
  const amount = formatCents(heldCents(invoice));
  return (
    <Button
      className="self-start"
      disabled={change.isPending}
      onClick={() =>
        change.mutate(
          { action: 'refund-overpayment' },
          {
            onSuccess: () => showToast({ title: 'Refund started', description: `${amount} goes back to ${invoice.owner.name}'s card.` }),
            onError: (failure) => showToast({ title: 'Error', description: errorText(failure, 'Failed to refund the overpayment'), variant: 'destructive' }),
          },
        )
      }
    >
      {change.isPending ? 'Refunding...' : `Refund overpayment (${amount})`}
      <span className="sr-only"> of invoice {invoice.number}</span>
    </Button>
  );
}
