import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Gauge } from 'lucide-react';
import type { z } from 'zod';
import { engineHoursSchema, type Boat } from '@common/boats';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '../../components/ui/dialog';
import { errorText } from '../../lib/api-request';
import { formResolver } from '../../lib/form-resolver';
import { showServerFieldErrors } from '../../lib/server-field-errors';
import { showToast } from '../../lib/toast';
import { useRecordEngineHours } from './api';
import { engineName } from './boat-label';
import { TextField } from './form-controls';

interface EngineHoursValues {
  hours: string[];
}

/** 'Update engine hours': one field per engine, in the boat's order; hours never go down (the server says so). */
export function EngineHoursDialog({ boat }: { boat: Boat }) {
  const [open, setOpen] = useState(false);
  const record = useRecordEngineHours();
  const form = useForm<EngineHoursValues, unknown, z.output<typeof engineHoursSchema>>({
    resolver: formResolver<typeof engineHoursSchema, EngineHoursValues>(engineHoursSchema),
    defaultValues: { hours: boat.engines.map((engine) => (engine.hours === null ? '' : String(engine.hours))) },
  });
  const errors = form.formState.errors.hours;

  const onOpenChange = (next: boolean) => {
    if (record.isPending) return;
    if (next) form.reset({ hours: boat.engines.map((engine) => (engine.hours === null ? '' : String(engine.hours))) });
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
          showServerFieldErrors(form, failure);
          showToast({ title: 'Error', description: errorText(failure, 'Failed to save the engine hours'), variant: 'destructive' });
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
          <DialogDescription>Read each engine&apos;s hour meter. Tasks due by engine hours come due from these.</DialogDescription>
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
