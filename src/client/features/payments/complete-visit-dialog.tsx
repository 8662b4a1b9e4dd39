import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { CircleCheckBig, Plus, Trash2 } from 'lucide-react';
import { onsiteCompletionSchema, type OnsiteCompletion, type OnsiteCompletionInput } from '@common/invoices';
import { invoiceTotals, onsiteLines } from '@common/invoice-totals';
import { formatCents, moneyToCents } from '@common/money';
import { Button } from '../../components/ui/button';
import { FINISH_LABELS } from '../bookings';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { formResolver } from '../../lib/form-resolver';
import { showSubmitFailure } from '../../lib/server-field-errors';

export interface VisitToComplete {
  id: string;
  number: number;
  ownerName: string;
  /** The hourly rate of the booking, in cents, and the expert's minimum visit. */
  hourlyCents: number;
  minimumHours: number;
  /** The hours booked: what the form starts from, so clicking through bills what the owner was quoted. */
  bookedHours: number;
}

/**
 * Completing an onsite visit: the time it really took, parts and materials, travel. The total shown is
 * computed as the server computes it (before any tax); the invoice goes to the owner at once.
 */
export function CompleteVisitDialog({ visit, pending, onComplete }: { visit: VisitToComplete; pending: boolean; onComplete: (completion: OnsiteCompletionInput) => Promise<unknown> }) {
  const [open, setOpen] = useState(false);
  const form = useForm<OnsiteCompletionInput, unknown, OnsiteCompletion>({
    resolver: formResolver(onsiteCompletionSchema),
    defaultValues: { hoursWorked: String(Math.max(visit.bookedHours, visit.minimumHours)), parts: [], travelFee: '' },
  });
  const parts = useFieldArray({ control: form.control, name: 'parts' });
  const values = form.watch();
  const errors = form.formState.errors;
  const id = `complete-${visit.id}`;

  const hours = Number(values.hoursWorked);
  const preview = invoiceTotals(
    onsiteLines({
      hoursWorked: Number.isFinite(hours) ? hours : 0,
      hourlyCents: visit.hourlyCents,
      parts: (values.parts ?? []).map((part) => ({ description: String(part.description ?? ''), quantity: Number(part.quantity) || 0, unitPrice: moneyToCents(String(part.unitPrice ?? '')) ?? 0 })),
      travelFeeCents: moneyToCents(String(values.travelFee ?? '')) ?? 0,
    }),
    null,
  );

  const onSubmit = form.handleSubmit(() =>
    onComplete(form.getValues()).then(
      () => setOpen(false),
      (failure: unknown) => showSubmitFailure(form, failure, { fallback: 'The booking could not be completed' }),
    ),
  );

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button>
          <CircleCheckBig aria-hidden /> {FINISH_LABELS.onsite}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Complete booking #{visit.number}</DialogTitle>
          <DialogDescription>
            Record what the visit really took. {visit.ownerName} receives the invoice at once and pays it online or confirms a payment in person.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <FormField id={`${id}-hours`} label={`Hours worked (quarter hours, at least ${visit.minimumHours})`} error={errors.hoursWorked?.message}>
            <Input id={`${id}-hours`} inputMode="decimal" aria-invalid={!!errors.hoursWorked} {...form.register('hoursWorked')} />
          </FormField>
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-1 text-sm font-medium">Parts and materials</legend>
            {parts.fields.map((field, i) => (
              <div key={field.id} className="grid grid-cols-[1fr_auto] gap-2 rounded-lg border border-slate-200 p-2 sm:grid-cols-[1fr_5rem_7rem_auto]">
                <FormField id={`${id}-part-${i}`} label="Description" error={errors.parts?.[i]?.description?.message}>
                  <Input id={`${id}-part-${i}`} maxLength={200} {...form.register(`parts.${i}.description`)} />
                </FormField>
                <FormField id={`${id}-qty-${i}`} label="Qty" error={errors.parts?.[i]?.quantity?.message}>
                  <Input id={`${id}-qty-${i}`} inputMode="numeric" {...form.register(`parts.${i}.quantity`)} />
                </FormField>
                <FormField id={`${id}-price-${i}`} label="Unit price ($)" error={errors.parts?.[i]?.unitPrice?.message}>
                  <Input id={`${id}-price-${i}`} inputMode="decimal" {...form.register(`parts.${i}.unitPrice`)} />
                </FormField>
                <Button type="button" variant="ghost" size="sm" className="self-end" aria-label={`Remove part ${i + 1}`} onClick={() => parts.remove(i)}>
                  <Trash2 aria-hidden />
                </Button>
              </div>
            ))}
            <Button type="button" variant="outline" size="sm" className="self-start" onClick={() => parts.append({ description: '', quantity: '1', unitPrice: '' })}>
              <Plus aria-hidden /> Add a part
            </Button>
          </fieldset>
          <FormField id={`${id}-travel`} label="Travel fee ($)" optional error={errors.travelFee?.message}>
            <Input id={`${id}-travel`} inputMode="decimal" {...form.register('travelFee')} />
          </FormField>
          <p className="text-sm text-slate-700">
            Invoice total before any tax: <span className="font-semibold text-navy-800">{formatCents(preview.totalCents)}</span>
          </p>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)} disabled={pending}>
              Not yet
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? 'Completing...' : 'Complete and send invoice'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
