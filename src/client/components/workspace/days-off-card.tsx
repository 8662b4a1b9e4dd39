import { useState, type FormEvent } from 'react';
import { CalendarOff, Trash2 } from 'lucide-react';
import { createDayOffSchema } from '@common/workspace';
import { Button } from '../ui/button';
import { Input } from '../ui/input';
import { FormField } from '../ui/form-field';
import { useAddDayOff, useDaysOff, useRemoveDayOff } from '../../lib/api/workspace';
import { ApiError, errorText } from '../../lib/api-request';
import { showToast } from '../../lib/toast';
import { LoadFailed } from '../bookings/load-failed';

function dateLabel(date: string): string {
  return new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
}

/** Dates off in the expert's own zone: no new bookings those days. */
export function DaysOffCard({ today }: { today: string }) {
  const daysOff = useDaysOff();
  const add = useAddDayOff();
  const remove = useRemoveDayOff();
  const [date, setDate] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createDayOffSchema.safeParse({ date, note });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    add.mutate(parsed.data, {
      onSuccess: () => {
        showToast({ title: 'Day off added', description: `${dateLabel(parsed.data.date)}: no new bookings that day.` });
        setDate('');
        setNote('');
        setError(undefined);
      },
      onError: (failure) => {
        setError(failure instanceof ApiError ? (failure.fieldErrors.date ?? failure.serverMessage) : undefined);
        showToast({ title: 'Error', description: errorText(failure, 'Failed to add the day off'), variant: 'destructive' });
      },
    });
  };

  return (
    <div className="flex flex-col gap-4">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField id="day-off-date" label="Date" error={error}>
            <Input
              id="day-off-date"
              type="date"
              min={today}
              value={date}
              onChange={(event) => setDate(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'day-off-date-error' : undefined}
            />
          </FormField>
          <FormField id="day-off-note" label="Note" optional>
            <Input id="day-off-note" maxLength={200} placeholder="Boat show" value={note} onChange={(event) => setNote(event.target.value)} />
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
