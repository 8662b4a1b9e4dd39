import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Gauge } from 'lucide-react';
import type { z } from 'zod';
import { BOAT_LIMITS, ownerEngineHoursSchema, type Boat } from '@common/boats';
import { FormField } from '../../components/ui/form-field';
import { fieldAria } from '../../components/ui/field-props';
import { Textarea } from '../../components/ui/textarea';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '../../components/ui/dialog';
import { formResolver } from '../../lib/form-resolver';
import { showSubmitFailure } from '../../lib/server-field-errors';
import { showToast } from '../../lib/toast';
import { useRecordEngineHours } from './api';
import { engineName } from './boat-label';
import { TextField } from './form-controls';

interface EngineHoursValues {
  hours: string[];
  correction: boolean;
  note: string;
}

const startingValues = (boat: Boat): EngineHoursValues => ({
  hours: boat.engines.map((engine) => (engine.hours === null ? '' : String(engine.hours))),
  correction: false,
  note: '',
});

/**
 * 'Update engine hours': one field per engine, in the boat's order. Hours go forward, unless the owner
 * marks the change a correction of a wrong reading and says why (docs/PRODUCT.md#my-boats).
 */
export function EngineHoursDialog({ boat }: { boat: Boat }) {
  const [open, setOpen] = useState(false);
  const record = useRecordEngineHours();
  const form = useForm<EngineHoursValues, unknown, z.output<typeof ownerEngineHoursSchema>>({
    resolver: formResolver<typeof ownerEngineHoursSchema, EngineHoursValues>(ownerEngineHoursSchema),
    defaultValues: startingValues(boat),
  });
  const errors = form.formState.errors.hours;
  const noteError = form.formState.errors.note?.message;
  const correcting = useWatch({ control: form.control, name: 'correction' });

  const onOpenChange = (next: boolean) => {
    if (record.isPending) return;
    if (next) form.reset(startingValues(boat));
    setOpen(next);
  };

  const onSubmit = form.handleSubmit((input) =>
    record.mutate(
      { id: boat.id, input },
      {
        onSuccess: () => {
          showToast({ title: 'Engine hours saved', description: 'Tasks due by engine hours are updated.' });
          setOpen(false);
        },
        onError: (failure) => {
          showSubmitFailure(form, failure, { fallback: 'Failed to save the engine hours' });
        },
      },
    ),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="sm">
          <Gauge aria-hidden /> Update engine hours
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Update engine hours</DialogTitle>
          <DialogDescription>Read each engine&apos;s hour meter. Tasks due by engine hours come due from these, and the history keeps each reading.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          {boat.engines.map((engine, index) => (
            <TextField
              key={index}
              id={`engine-hours-${index}`}
              label={`${engineName(engine, index)} hours`}
              inputMode="numeric"
              error={errors?.[index]?.message}
              {...form.register(`hours.${index}`)}
            />
          ))}
          <label htmlFor="engine-hours-correction" className="flex items-start gap-2 text-sm text-slate-800">
            <input id="engine-hours-correction" type="checkbox" className="mt-0.5 size-4 accent-navy-700" {...form.register('correction')} />
            <span>This corrects a wrong reading (the hours may go down)</span>
          </label>
          {correcting ? (
            <FormField id="engine-hours-note" label="What was wrong" error={noteError}>
              <Textarea
                rows={2}
                maxLength={BOAT_LIMITS.correctionNote}
                placeholder="e.g. The visit's reading had a digit too many"
                {...fieldAria('engine-hours-note', noteError)}
                {...form.register('note')}
              />
            </FormField>
          ) : null}
          {errors?.message ? (
            <p role="alert" className="text-sm text-red-600">
              {errors.message}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={record.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={record.isPending}>
              {record.isPending ? 'Saving...' : 'Save hours'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
