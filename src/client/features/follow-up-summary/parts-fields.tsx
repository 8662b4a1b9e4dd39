import { useFieldArray, useFormContext } from 'react-hook-form';
import { Plus, Trash2 } from 'lucide-react';
import { SUMMARY_LIMITS } from '@common/follow-up-summary';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { fieldAria } from '../../components/ui/field-props';
import type { SummaryFormValues } from './summary-form-values';

/** The parts the owner should get: a name, and optionally a part number and a quantity, one row each. */
export function PartsFields() {
  const form = useFormContext<SummaryFormValues>();
  const parts = useFieldArray({ control: form.control, name: 'parts' });
  const errors = form.formState.errors.parts;
  const listError = errors?.message ?? errors?.root?.message;
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="text-sm font-medium text-slate-900">
        Parts <span className="font-normal text-slate-500">(Optional)</span>
      </legend>
      <p className="-mt-1 text-sm text-slate-600">List what the owner should buy or have fitted, so they can order it straight away.</p>
      {parts.fields.length > 0 ? (
        <ol className="flex flex-col gap-3">
          {parts.fields.map((field, index) => {
            const rowErrors = errors?.[index];
            const number = index + 1;
            const id = (name: string) => `parts-${index}-${name}`;
            return (
              <li key={field.id} className="rounded-lg border border-slate-200 bg-slate-50/60 p-3">
                <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem_5.5rem_auto] sm:items-start">
                  <div className="flex flex-col gap-1.5">
                    <Label htmlFor={id('name')}>Part {number}</Label>
                    <Input
                      maxLength={SUMMARY_LIMITS.partName}
                      placeholder="e.g. Raw-water pump impeller"
                      {...fieldAria(id('name'), rowErrors?.name?.message)}
                      {...form.register(`parts.${index}.name`)}
                    />
                    {rowErrors?.name?.message ? (
                      <p id={`${id('name')}-error`} role="alert" className="text-sm text-red-600">
                        {rowErrors.name.message}
                      </p>
                    ) : null}
                  </div>
                  <div className="flex flex-col gap-1.5">
                    <Label htmlFor={id('partNumber')}>
                      Part number <span className="font-normal text-slate-500">(Optional)</span>
                    </Label>
                    <Input
                      maxLength={SUMMARY_LIMITS.partNumber}
                      {...fieldAria(id('partNumber'), rowErrors?.partNumber?.message)}
                      {...form.register(`parts.${index}.partNumber`)}
                    />
                    {rowErrors?.partNumber?.message ? (
                      <p id={`${id('partNumber')}-error`} role="alert" className="text-sm text-red-600">
                        {rowErrors.partNumber.message}
                      </p>
                    ) : null}
                  </div>
                  <div className="flex flex-col gap-1.5">
                    <Label htmlFor={id('quantity')}>Qty</Label>
                    <Input
                      type="number"
                      inputMode="numeric"
                      min={1}
                      max={SUMMARY_LIMITS.quantity}
                      {...fieldAria(id('quantity'), rowErrors?.quantity?.message)}
                      {...form.register(`parts.${index}.quantity`)}
                    />
                  </div>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="self-end text-slate-600 sm:mt-6 sm:self-start"
                    aria-label={`Remove part ${number}`}
                    onClick={() => parts.remove(index)}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                </div>
                {rowErrors?.quantity?.message ? (
                  <p id={`${id('quantity')}-error`} role="alert" className="mt-2 text-sm text-red-600">
                    {rowErrors.quantity.message}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ol>
      ) : null}
      {listError ? (
        <p role="alert" className="text-sm text-red-600">
          {listError}
        </p>
      ) : null}
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={parts.fields.length >= SUMMARY_LIMITS.parts}
          onClick={() => parts.append({ name: '', partNumber: '', quantity: '' })}
        >
          <Plus aria-hidden /> Add a part
        </Button>
      </div>
    </fieldset>
  );
}
