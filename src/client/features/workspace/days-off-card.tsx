import { useForm } from 'react-hook-form';
import { CalendarOff, Trash2 } from 'lucide-react';
import { createDayOffSchema, type CreateDayOffInput } from '@common/workspace';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { FormField } from '../../components/ui/form-field';
import { useAddDayOff, useDaysOff, useRemoveDayOff } from './api';
import { ApiError, errorText } from '../../lib/api-request';
import { formResolver } from '../../lib/form-resolver';
import { showToast } from '../../lib/toast';
import { LoadFailed } from '../../components/ui/load-failed';

function dateLabel(date: string): string {
  return new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
}

/** Dates off in the expert's own zone: no new bookings those days. */
export function DaysOffCard({ today }: { today: string }) {
  const daysOff = useDaysOff();
  const add = useAddDayOff();
  const remove = useRemoveDayOff();
  const form = useForm<CreateDayOffInput>({ resolver: formResolver(createDayOffSchema), defaultValues: { date: '', note: '' } });
  // The date field shows the check's message, and the server's when it refuses the day.
  const error = form.formState.errors.date?.message ?? form.formState.errors.note?.message;

  const onSubmit = form.handleSubmit((dayOff) =>
    add.mutate(dayOff, {
      onSuccess: () => {
        showToast({ title: 'Day off added', description: `${dateLabel(dayOff.date)}: no new bookings that day.` });
        form.reset();
      },
      onError: (failure) => {
        const message = failure instanceof ApiError ? (failure.fieldErrors.date ?? failure.serverMessage) : undefined;
        if (message) form.setError('date', { message });
        else form.clearErrors('date');
        showToast({ title: 'Error', description: errorText(failure, 'Failed to add the day off'), variant: 'destructive' });
      },
    }),
  );

  return (
    <div className="flex flex-col gap-4">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField id="day-off-date" label="Date" error={error}>
            <Input
              id="day-off-date"
              type="date"
              min={today}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'day-off-date-error' : undefined}
              {...form.register('date')}
            />
          </FormField>
          <FormField id="day-off-note" label="Note" optional>
            <Input id="day-off-note" maxLength={200} placeholder="Boat show" {...form.register('note')} />
          </FormField>
        </div>
        <Button type="submit" variant="secondary" className="self-start" disabled={add.isPending}>
          <CalendarOff aria-hidden /> {add.isPending ? 'Adding...' : 'Add day off'}
        </Button>
      </form>
      {daysOff.isError ? <LoadFailed what="your days off" onRetry={() => void daysOff.refetch()} /> : null}
      {daysOff.data?.length === 0 ? <p className="text-sm text-slate-500">No days off planned.</p> : null}
      {daysOff.data && daysOff.data.length > 0 ? (
        <ul className="flex flex-col divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Days off">
          {daysOff.data.map((day) => (
            <li key={day.date} className="flex items-center justify-between gap-3 px-3 py-2">
              <span className="text-sm text-slate-800">
                <span className="font-medium">{dateLabel(day.date)}</span>
                {day.note ? <span className="text-slate-500"> · {day.note}</span> : null}
              </span>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Work on ${dateLabel(day.date)} again`}
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(day.date, {
                    onError: (failure) => showToast({ title: 'Error', description: errorText(failure, 'Failed to remove the day off'), variant: 'destructive' }),
                  })
                }
              >
                <Trash2 aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
