import { useForm } from 'react-hook-form';
import { CalendarPlus, Trash2 } from 'lucide-react';
import {
  addExternalCalendarSchema,
  CALENDAR_LABEL_MAX,
  MAX_EXTERNAL_CALENDARS,
  type AddExternalCalendar,
  type AddExternalCalendarInput,
  type ExternalCalendar,
} from '@common/external-calendars';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { LoadFailed } from '../../components/ui/load-failed';
import { errorText } from '../../lib/api-request';
import { formResolver } from '../../lib/form-resolver';
import { showSubmitFailure } from '../../lib/server-field-errors';
import { showToast } from '../../lib/toast';
import { useAddExternalCalendar, useExternalCalendars, useRemoveExternalCalendar } from './api';
import { BusyWeek } from './busy-week';

function when(iso: string): string {
  return new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
}

/** How the calendar was last read: its error in words, or when it last was, or that it is about to be. */
function ReadState({ calendar }: { calendar: ExternalCalendar }) {
  if (calendar.lastError) {
    return (
      <p className="text-sm text-red-700" role="status">
        Could not read this calendar: {calendar.lastError}.{' '}
        {calendar.lastSuccessAt ? `Last read ${when(calendar.lastSuccessAt)}.` : 'It has not been read yet, so it blocks no times.'}
      </p>
    );
  }
  if (!calendar.lastSuccessAt) return <p className="text-sm text-slate-500">Reading it now...</p>;
  return (
    <p className="text-sm text-slate-500">
      Read {when(calendar.lastSuccessAt)}: {calendar.busyCount === 1 ? '1 busy time' : `${calendar.busyCount} busy times`} ahead.
    </p>
  );
}

function AddCalendarForm() {
  const add = useAddExternalCalendar();
  const form = useForm<AddExternalCalendarInput, unknown, AddExternalCalendar>({
    resolver: formResolver(addExternalCalendarSchema),
    defaultValues: { url: '', label: '' },
  });
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit((input) =>
    add.mutate(input, {
      onSuccess: (added) => {
        showToast({ title: 'Calendar added', description: `${added.label} is being read; once it is, its busy times are not offered to owners.` });
        form.reset();
      },
      onError: (failure) => showSubmitFailure(form, failure, { fallback: 'Failed to add the calendar' }),
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField id="calendar-label" label="Name" error={errors.label?.message}>
          <Input
            id="calendar-label"
            maxLength={CALENDAR_LABEL_MAX}
            placeholder="Personal"
            aria-invalid={errors.label ? true : undefined}
            aria-describedby={errors.label ? 'calendar-label-error' : undefined}
            {...form.register('label')}
          />
        </FormField>
        <div className="sm:col-span-2">
          <FormField id="calendar-url" label="Calendar address (ICS)" error={errors.url?.message}>
            <Input
              id="calendar-url"
              inputMode="url"
              autoComplete="off"
              placeholder="https://calendar.google.com/calendar/ical/…/basic.ics"
              aria-invalid={errors.url ? true : undefined}
              aria-describedby={errors.url ? 'calendar-url-error' : undefined}
              {...form.register('url')}
            />
          </FormField>
        </div>
      </div>
      <Button type="submit" variant="secondary" className="self-start" disabled={add.isPending}>
        <CalendarPlus aria-hidden /> {add.isPending ? 'Adding...' : 'Add calendar'}
      </Button>
    </form>
  );
}

function WhereToFind() {
  return (
    <details className="rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-700">
      <summary className="cursor-pointer font-medium text-slate-900">Where to find your calendar&apos;s address</summary>
      <ul className="mt-2 flex list-disc flex-col gap-1 pl-5">
        <li>
          <span className="font-medium">Google Calendar:</span> Settings › your calendar › Integrate calendar › Secret address in iCal format.
        </li>
        <li>
          <span className="font-medium">iCloud:</span> in Calendar, share the calendar as a Public Calendar and copy its webcal:// link.
        </li>
        <li>
          <span className="font-medium">Outlook:</span> Settings › Calendar › Shared calendars › Publish a calendar › copy the ICS link.
        </li>
        <li>Any other calendar server: its ICS (iCalendar) export address.</li>
      </ul>
    </details>
  );
}

/**
 * The workspace's 'Your calendars' (docs/PRODUCT.md#calendars): up to three outside calendars whose busy
 * times owners cannot book, how each was last read, and the coming week's busy times.
 */
export function ExternalCalendarsCard() {
  const calendars = useExternalCalendars();
  const remove = useRemoveExternalCalendar();
  const data = calendars.data;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-600">
        Add your own calendars: owners cannot book you when they show you busy. They are read every 15 minutes; only the times are kept, never what
        the events are.
      </p>
      {calendars.isError ? <LoadFailed what="your calendars" onRetry={() => void calendars.refetch()} /> : null}
      {data && data.calendars.length > 0 ? (
        <ul className="flex flex-col divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Your calendars">
          {data.calendars.map((calendar) => (
            <li key={calendar.id} className="flex items-start justify-between gap-3 px-3 py-2">
              <div className="flex min-w-0 flex-col gap-0.5">
                <span className="text-sm font-medium text-slate-900">
                  {calendar.label} <span className="font-normal break-all text-slate-500">· {calendar.host}</span>
                </span>
                <ReadState calendar={calendar} />
              </div>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Remove ${calendar.label}`}
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(calendar.id, {
                    onError: (failure) => showToast({ title: 'Error', description: errorText(failure, 'Failed to remove the calendar'), variant: 'destructive' }),
                  })
                }
              >
                <Trash2 aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {data && data.calendars.length < MAX_EXTERNAL_CALENDARS ? <AddCalendarForm /> : null}
      {data && data.calendars.length >= MAX_EXTERNAL_CALENDARS ? (
        <p className="text-sm text-slate-500">You can add up to {MAX_EXTERNAL_CALENDARS} calendars. Remove one to add another.</p>
      ) : null}
      <WhereToFind />
      {data && data.calendars.length > 0 ? (
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold text-slate-900">Your coming week</h3>
          <BusyWeek week={data.week} timeZone={data.timeZone} />
        </div>
      ) : null}
    </div>
  );
}
