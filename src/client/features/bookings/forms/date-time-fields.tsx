import { useEffect } from 'react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { Globe2 } from 'lucide-react';
import type { Expert } from '@common/experts';
import type { ServiceType } from '@common/roles';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { fieldAria } from '../../../components/ui/field-props';
import { fieldMessage, type VideoFormValues } from './form-values';
import { bookableDateRange, findSlot, slotLabel } from './slot-times';
import { browserTimeZone, timeZoneName } from '../../../lib/time-zone-name';
import { useSlots } from '../api';

export const NO_FREE_TIMES = 'No free times on this date';

/** The words under the times: which zone they are in, and that the viewer's clock is in brackets when it differs. */
function zoneNote(expert: Expert, shownZone: string, viewerZone: string, place: boolean): string {
  const theirs = timeZoneName(viewerZone);
  if (place) {
    return theirs === timeZoneName(shownZone)
      ? `Times are local time at the boat (${timeZoneName(shownZone)}).`
      : `Times are local time at the boat (${timeZoneName(shownZone)}). Your local time (${theirs}) is shown in brackets.`;
  }
  return theirs === timeZoneName(shownZone)
    ? `Times are in your time zone (${theirs}).`
    : `Times are in ${expert.name}'s time zone (${timeZoneName(shownZone)}). Your local time (${theirs}) is shown in brackets.`;
}

/**
 * Preferred date and time. The times are the expert's free start times on that date (a date in the expert's
 * zone), told in the visit's place's zone once the form knows it (`placeTimeZone`), else the expert's; when
 * the viewer's clock differs, each also shows it.
 */
export function DateTimeFields({
  serviceType,
  expert,
  hours,
  placeTimeZone = null,
}: {
  serviceType: ServiceType;
  expert?: Expert;
  hours?: number;
  placeTimeZone?: string | null;
}) {
  const form = useFormContext<VideoFormValues>();
  const { setValue } = form;
  const date = useWatch({ control: form.control, name: 'scheduledDate' });
  // Controlled, so a time chosen before its options arrive (quick times, a restored draft) shows once they do.
  const { field: timeField } = useController({ control: form.control, name: 'preferredTime' });
  const time = timeField.value;
  const viewerZone = browserTimeZone();
  const zone = expert?.timeZone ?? viewerZone;
  const range = bookableDateRange(zone);
  const slots = useSlots(expert && date ? { expertId: expert.id, type: serviceType, date, hours } : null);
  const freeSlots = slots.data;

  // A time that is not free on the new date, for the new hours or any more, is no longer a choice.
  useEffect(() => {
    if (!freeSlots || !time) return;
    const slot = findSlot(freeSlots, time);
    if (slot?.time !== time) setValue('preferredTime', slot?.time ?? '');
  }, [freeSlots, time, setValue]);

  const errors = form.formState.errors;
  const dateError = fieldMessage(errors.scheduledDate?.message);
  const timeError = fieldMessage(errors.preferredTime?.message);
  const shownZone = placeTimeZone ?? zone;
  const noTimes = !!freeSlots && freeSlots.length === 0;
  const placeholder = !expert
    ? 'Choose an expert first'
    : !date
      ? 'Choose a date first'
      : slots.isPending
        ? 'Loading free times...'
        : 'Choose a time';

  return (
    <div className="flex flex-col gap-3">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="scheduledDate" label="Preferred Date" error={dateError}>
          <Input type="date" min={range.min} max={range.max} {...fieldAria('scheduledDate', dateError)} {...form.register('scheduledDate')} />
        </FormField>
        <FormField id="preferredTime" label="Preferred Time" error={timeError}>
          <NativeSelect
            {...timeField}
            {...fieldAria('preferredTime', timeError)}
            disabled={!freeSlots || freeSlots.length === 0}
          >
            <option value="">{placeholder}</option>
            {(freeSlots ?? []).map((slot) => (
              <option key={slot.start} value={slot.time}>
                {slotLabel(slot, date, { expert: zone, shown: shownZone, viewer: viewerZone })}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      {noTimes ? (
        <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {NO_FREE_TIMES}. Please choose another day.
        </p>
      ) : null}
      {slots.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-red-700">
          We could not load the free times.
          <Button type="button" size="sm" variant="outline" onClick={() => void slots.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}
      {expert ? (
        <p className="flex items-start gap-1.5 text-sm text-slate-600">
          <Globe2 aria-hidden className="mt-0.5 size-4 shrink-0" />
          {zoneNote(expert, shownZone, viewerZone, !!placeTimeZone)}
        </p>
      ) : null}
    </div>
  );
}
