import { useState } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { Plus, Trash2 } from 'lucide-react';
import type { ServiceType } from '@common/roles';
import { formatClockTime } from '@common/zoned-time';
import {
  HOURS_STEP_MINUTES,
  WEEKDAY_NAMES,
  minutesOfTimeOfDay,
  timeOfDayOf,
  workingHoursSchema,
  type WorkingHours,
  type WorkingHoursAnswer,
  type WorkingRange,
} from '@common/workspace';
import { Button } from '../../components/ui/button';
import { NativeSelect } from '../../components/ui/native-select';
import { timeZoneName } from '../../lib/time-zone-name';
import { useSaveWorkingHours, useWorkingHours } from './api';
import { formResolver } from '../../lib/form-resolver';
import { showSubmitFailure } from '../../lib/server-field-errors';
import { showToast } from '../../lib/toast';
import { cn } from '../../lib/cn';
import { LoadFailed } from '../../components/ui/load-failed';
import { Skeleton } from '../../components/ui/skeleton';

const SERVICE_LABELS: Record<ServiceType, string> = { video: 'Video calls', onsite: 'Onsite visits' };
/** Monday first, as a working week reads; the API counts from Sunday. */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0];
const TIMES = Array.from({ length: (24 * 60) / HOURS_STEP_MINUTES + 1 }, (_, i) => i * HOURS_STEP_MINUTES);
const DEFAULT_RANGE: WorkingRange = { from: '09:00', to: '17:00' };

function clockLabel(minutes: number): string {
  return minutes === 24 * 60 ? 'Midnight' : formatClockTime(minutes);
}

function TimeSelect({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (value: string) => void }) {
  return (
    <NativeSelect id={id} aria-label={label} value={value} onChange={(event) => onChange(event.target.value)} className="w-full min-w-0 px-2 text-sm sm:w-32 sm:px-3">
      {TIMES.map((minutes) => (
        <option key={minutes} value={timeOfDayOf(minutes)}>
          {clockLabel(minutes)}
        </option>
      ))}
    </NativeSelect>
  );
}

/** The first message in a part of the form's errors (a day's, a range's, or all of them). */
function firstMessage(errors: unknown): string | undefined {
  if (!errors || typeof errors !== 'object') return undefined;
  const { message } = errors as { message?: unknown };
  if (typeof message === 'string' && message) return message;
  for (const [key, value] of Object.entries(errors)) {
    const found = key === 'ref' ? undefined : firstMessage(value);
    if (found) return found;
  }
  return undefined;
}

/** The first message of the server or the schema about each day of the edited service, by weekday. */
function dayErrors(errors: FieldErrors<WorkingHours>, service: ServiceType): Map<number, string> {
  const byDay = new Map<number, string>();
  WEEKDAY_NAMES.forEach((_, weekday) => {
    const message = firstMessage(errors[service]?.[weekday]);
    if (message) byDay.set(weekday, message);
  });
  return byDay;
}

/** Weekly working hours per service: each day on or off, with one or more from-to ranges. */
export function WeekEditor() {
  const stored = useWorkingHours();
  // Kept here so the service being edited stays chosen when a save remounts the form.
  const [service, setService] = useState<ServiceType>('video');
  if (stored.isError) return <LoadFailed what="your working hours" onRetry={() => void stored.refetch()} />;
  if (!stored.data) return <Skeleton className="h-72 w-full" />;
  // A fresh editor for each saved version, so the form starts from what is stored.
  return <WeekForm key={stored.dataUpdatedAt} stored={stored.data} service={service} onServiceChange={setService} />;
}

function WeekForm({ stored, service, onServiceChange: setService }: { stored: WorkingHoursAnswer; service: ServiceType; onServiceChange: (service: ServiceType) => void }) {
  const save = useSaveWorkingHours();
  const form = useForm<WorkingHours>({ resolver: formResolver(workingHoursSchema), defaultValues: { video: stored.video, onsite: stored.onsite } });
  const { errors } = form.formState;

  const week = useWatch({ control: form.control, name: service });
  const setDay = (weekday: number, ranges: WorkingRange[]) => {
    form.setValue(`${service}.${weekday}`, ranges, { shouldDirty: true });
    form.clearErrors();
  };
  const messages = dayErrors(errors, service);
  const otherMessage = messages.size === 0 ? firstMessage(errors) : undefined;

  // Awaited rather than mutate's callbacks: a successful save remounts this form with the stored week,
  // and callbacks given to mutate() do not run once their component has unmounted.
  const onSave = form.handleSubmit((hours) =>
    save.mutateAsync(hours).then(
      () => showToast({ title: 'Working hours saved', description: 'Owners are offered times inside these hours only.' }),
      (failure: unknown) => {
        showSubmitFailure(form, failure, { fallback: 'Failed to save your working hours' });
      },
    ),
  );

  return (
    <form onSubmit={onSave} noValidate aria-label="Working hours" className="flex flex-col gap-4">
      <p className="text-sm text-slate-600">
        In your own time zone: {timeZoneName(stored.timeZone)}. Owners can book a start time only when the whole booking fits inside
        one of your ranges.
      </p>
      <div role="group" aria-label="Service" className="inline-flex w-full rounded-lg border border-slate-200 bg-slate-50 p-1 sm:w-auto">
        {(['video', 'onsite'] as const).map((type) => (
          <button
            key={type}
            type="button"
            aria-pressed={service === type}
            onClick={() => setService(type)}
            className={cn(
              'flex-1 rounded-md px-4 py-2 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-navy-500 sm:flex-none',
              service === type ? 'bg-white text-navy-800 shadow-sm' : 'text-slate-600 hover:text-slate-900',
            )}
          >
            {SERVICE_LABELS[type]}
          </button>
        ))}
      </div>
      <ul className="flex flex-col divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label={`Working hours for ${SERVICE_LABELS[service].toLowerCase()}`}>
        {WEEK_ORDER.map((weekday) => {
          const ranges = week[weekday] ?? [];
          const name = WEEKDAY_NAMES[weekday]!;
          const working = ranges.length > 0;
          const message = messages.get(weekday);
          return (
            <li key={weekday} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-start sm:gap-4">
              <label className="flex w-36 shrink-0 cursor-pointer items-center gap-3 sm:pt-2.5">
                <input
                  type="checkbox"
                  className="size-4 accent-navy-700"
                  checked={working}
                  onChange={(event) => setDay(weekday, event.target.checked ? [DEFAULT_RANGE] : [])}
                  aria-label={`Work on ${name}`}
                />
                <span className="text-sm font-medium text-slate-900">{name}</span>
              </label>
              <div className="flex flex-1 flex-col gap-2">
                {working ? (
                  ranges.map((range, index) => (
                    <div key={index} className="flex items-center gap-2">
                      <TimeSelect
                        id={`${service}-${weekday}-${index}-from`}
                        label={`${name} from`}
                        value={range.from}
                        onChange={(from) => setDay(weekday, ranges.map((r, i) => (i === index ? { ...r, from } : r)))}
                      />
                      <span className="text-sm text-slate-500">to</span>
                      <TimeSelect
                        id={`${service}-${weekday}-${index}-to`}
                        label={`${name} to`}
                        value={range.to}
                        onChange={(to) => setDay(weekday, ranges.map((r, i) => (i === index ? { ...r, to } : r)))}
                      />
                      {ranges.length > 1 ? (
                        <Button type="button" variant="ghost" size="icon" className="shrink-0" aria-label={`Remove ${name} hours ${index + 1}`} onClick={() => setDay(weekday, ranges.filter((_, i) => i !== index))}>
                          <Trash2 aria-hidden />
                        </Button>
                      ) : null}
                      {index === ranges.length - 1 && ranges.length < 6 ? (
                        <Button
                          type="button"
                          variant="ghost"
                          size="icon"
                          className="shrink-0"
                          title="Add more hours (after a break)"
                          aria-label={`Add hours on ${name}`}
                          onClick={() => {
                            const last = minutesOfTimeOfDay(range.to) ?? 17 * 60;
                            const from = Math.min(last + 60, 23 * 60);
                            setDay(weekday, [...ranges, { from: timeOfDayOf(from), to: timeOfDayOf(Math.min(from + 120, 24 * 60)) }]);
                          }}
                        >
                          <Plus aria-hidden />
                        </Button>
                      ) : null}
                    </div>
                  ))
                ) : (
                  <p className="pt-2 text-sm text-slate-500">Not working</p>
                )}
                {message ? (
                  <p role="alert" className="text-sm text-red-600">
                    {message}
                  </p>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      {otherMessage ? (
        <p role="alert" className="text-sm text-red-600">
          {otherMessage}
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save working hours'}
        </Button>
      </div>
    </form>
  );
}
