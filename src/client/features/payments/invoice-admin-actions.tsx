import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { refundInvoiceSchema, resolveDisputeSchema, type Invoice, type RefundInvoiceInput, type ResolveDisputeInput } from '@common/invoices';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/native-select';
import { Textarea } from '../../components/ui/textarea';
import { formResolver } from '../../lib/form-resolver';
import { showSubmitFailure } from '../../lib/server-field-errors';
import { showToast } from '../../lib/toast';
import { useChangeInvoice } from './api';

/** An administrator's answers on an invoice: resolve its dispute, or refund part or all of it. */
export function InvoiceAdminActions({ invoice }: { invoice: Invoice }) {
  return invoice.allowedActions.includes('resolve') ? <ResolveForm invoice={invoice} /> : <RefundForm invoice={invoice} />;
}

function useSubmit<V extends object>(invoice: Invoice, action: 'resolve' | 'refund', done: string) {
  const change = useChangeInvoice(invoice.bookingId);
  return {
    pending: change.isPending,
    submit: (form: Parameters<typeof showSubmitFailure<V & Record<string, unknown>>>[0], body: V) =>
      // mutateAsync, not mutate's callbacks: a resolved dispute swaps this form for another, and a
      // callback of a form that is gone never runs.
      change.mutateAsync({ action, body } as Parameters<typeof change.mutate>[0]).then(
        () => showToast({ title: done }),
        (failure: unknown) => showSubmitFailure(form, failure, { fallback: 'Failed to update the invoice' }),
      ),
  };
}

function ResolveForm({ invoice }: { invoice: Invoice }) {
  const form = useForm<ResolveDisputeInput, unknown, z.output<typeof resolveDisputeSchema>>({ resolver: formResolver(resolveDisputeSchema), defaultValues: { outcome: 'keep', amount: '', resolution: '' } });
  const { submit, pending } = useSubmit<ResolveDisputeInput>(invoice, 'resolve', 'Dispute resolved: both sides are told');
  const outcome = form.watch('outcome');
  const errors = form.formState.errors;
  const id = `resolve-${invoice.id}`;
  return (
    <form noValidate aria-label="Resolve the dispute" onSubmit={form.handleSubmit(() => submit(form, form.getValues()))} className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3">
      <FormField id={`${id}-outcome`} label="Outcome" error={errors.outcome?.message}>
        <NativeSelect id={`${id}-outcome`} {...form.register('outcome')}>
          <option value="keep">Keep the invoice as it is</option>
          {invoice.payment?.paidAt ? <option value="refund">Refund part or all of it</option> : <option value="adjust">Lower the invoice</option>}
        </NativeSelect>
      </FormField>
      {outcome !== 'keep' ? (
        <FormField id={`${id}-amount`} label={outcome === 'refund' ? 'Amount to refund ($)' : 'Amount to take off ($)'} error={errors.amount?.message}>
          <Input id={`${id}-amount`} inputMode="decimal" aria-invalid={!!errors.amount} {...form.register('amount')} />
        </FormField>
      ) : null}
      <FormField id={`${id}-resolution`} label="Resolution (both sides read it)" error={errors.resolution?.message}>
        <Textarea id={`${id}-resolution`} rows={3} maxLength={2000} aria-invalid={!!errors.resolution} {...form.register('resolution')} />
      </FormField>
      <Button type="submit" className="self-start" disabled={pending}>
        {pending ? 'Resolving...' : 'Resolve dispute'}
      </Button>
    </form>
  );
}

function RefundForm({ invoice }: { invoice: Invoice }) {
  const form = useForm<RefundInvoiceInput, unknown, z.output<typeof refundInvoiceSchema>>({ resolver: formResolver(refundInvoiceSchema), defaultValues: { amount: '', reason: '' } });
  const { submit, pending } = useSubmit<RefundInvoiceInput>(invoice, 'refund', 'Refund started: the owner is told');
  const errors = form.formState.errors;
  const id = `refund-${invoice.id}`;
  return (
    <form noValidate aria-label="Refund" onSubmit={form.handleSubmit(() => submit(form, form.getValues()))} className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3">
      <FormField id={`${id}-amount`} label="Amount to refund ($)" error={errors.amount?.message}>
        <Input id={`${id}-amount`} inputMode="decimal" aria-invalid={!!errors.amount} {...form.register('amount')} />
      </FormField>
      <FormField id={`${id}-reason`} label="Reason" error={errors.reason?.message}>
        <Textarea id={`${id}-reason`} rows={2} maxLength={2000} aria-invalid={!!errors.reason} {...form.register('reason')} />
      </FormField>
      <Button type="submit" variant="outline" className="self-start" disabled={pending}>
        {pending ? 'Refunding...' : 'Refund'}
      </Button>
    </form>
  );
}
