import { useState } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { formResolver } from '../../lib/form-resolver';
import { CalendarClock } from 'lucide-react';
import { rescheduleBookingSchema, type Booking, type RescheduleBookingInput } from '@common/bookings';
import { BOOKING_HORIZON_DAYS } from '@common/bookings-rules';
import { addDays, localDateOf } from '@common/zoned-time';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { useRescheduleBooking, useSlots } from './api';
import { errorText } from '../../lib/api-request';
import { showToast } from '../../lib/toast';
import { useRefreshOnConflict } from './use-refresh-on-conflict';
import { browserTimeZone, timeZoneName } from '../../lib/time-zone-name';
import { bookingTimes, formatZonedClock, formatZonedDate, zoneAbbreviation } from '../../lib/booking-time';
import { LoadFailed } from '../../components/ui/load-failed';
import { SlotChoices } from './slot-choices';
import { clockTimeIn } from './forms/slot-times';
import { bookingTimeZone } from '@common/bookings-time-zone';

/**
 * Move the booking to another free time of the same expert, for the same service and length. The dates and
 * free times are the expert's; they read in the booking's zone (the visit's place's, else the expert's).
 */
export function RescheduleBookingDialog({ booking }: { booking: Booking }) {
  const [open, setOpen] = useState(false);
  const refreshOnConflict = useRefreshOnConflict(booking);
  const booked = bookingTimes(booking);
  const reschedule = useRescheduleBooking();
  const today = localDateOf(new Date(), booking.timeZone);
  const defaults = { scheduledDate: booking.scheduledDate < today ? today : booking.scheduledDate, preferredTime: '' };
  const form = useForm<RescheduleBookingInput>({ resolver: formResolver(rescheduleBookingSchema), defaultValues: defaults });
  const { errors } = form.formState;

  const onOpenChange = (next: boolean) => {
    if (reschedule.isPending) return;
    if (!next) form.reset(defaults);
    setOpen(next);
  };

  // mutateAsync, not mutate's callbacks: they would be lost if the refetched booking no longer showed this dialog.
  const onSubmit = form.handleSubmit(async (values) => {
    let updated;
    try {
      updated = await reschedule.mutateAsync({ id: booking.id, ...values });
    } catch (failure) {
      showToast({ title: 'Error', description: errorText(failure, 'Failed to reschedule the booking'), variant: 'destructive' });
      refreshOnConflict(failure);
      return;
    }
    const times = bookingTimes(updated);
    showToast({ title: 'Booking rescheduled', description: `New time: ${times.date}, ${times.time}` });
    setOpen(false);
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button className="w-full">
          <CalendarClock aria-hidden /> Reschedule
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Reschedule booking #{booking.number}</DialogTitle>
          <DialogDescription>
            Choose another date and a free time with {booking.expert.name}. {booking.expert.name} confirms the new time again
            unless they take instant bookings.
          </DialogDescription>
        </DialogHeader>
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
          Now booked: {booked.date}, {booked.time}
        </p>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <FormField id="reschedule-date" label="New date" error={errors.scheduledDate?.message}>
            <Input
              id="reschedule-date"
              type="date"
              min={today}
              max={addDays(today, BOOKING_HORIZON_DAYS)}
              aria-invalid={!!errors.scheduledDate}
              aria-describedby={errors.scheduledDate ? 'reschedule-date-error' : undefined}
              {...form.register('scheduledDate', { onChange: () => form.setValue('preferredTime', '') })}
            />
          </FormField>
          <Controller
            control={form.control}
            name="preferredTime"
            render={({ field, fieldState }) => (
              <FreeTimes booking={booking} control={form.control} value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
            )}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={reschedule.isPending}>
              Keep current time
            </Button>
            <Button type="submit" disabled={reschedule.isPending}>
              {reschedule.isPending ? 'Rescheduling...' : 'Reschedule'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function FreeTimes({
  booking,
  control,
  value,
  onChange,
  error,
}: {
  booking: Booking;
  control: Control<RescheduleBookingInput>;
  value: string;
  onChange: (time: string) => void;
  error?: string;
}) {
  const date = useWatch({ control, name: 'scheduledDate' });
  const slots = useSlots({
    expertId: booking.expert.id,
    type: booking.serviceType,
    date,
    hours: booking.onsite?.estimatedHours,
  });
  // The booking's own time is not a move.
  const free = (slots.data ?? []).filter((slot) => new Date(slot.start).getTime() !== new Date(booking.startsAt).getTime());
  const chosen = free.find((slot) => slot.time === value);
  const viewerZone = browserTimeZone();
  const shownZone = bookingTimeZone(booking);
  const showViewerTime = chosen && formatZonedClock(chosen.start, viewerZone) !== formatZonedClock(chosen.start, shownZone);

  return (
    <div className="flex flex-col gap-2">
      <p id="reschedule-times" className="text-sm font-medium text-slate-800">
        Free times
      </p>
      <p id="reschedule-times-zone" className="text-xs text-slate-600">
        {booking.placeTimeZone ? 'Local time at the boat' : "In the expert's time zone"} ({timeZoneName(shownZone)})
      </p>
      {!date ? (
        <p className="text-sm text-slate-600">Choose a date to see the free times.</p>
      ) : slots.isPending ? (
        <Spinner label="Loading free times" className="py-3" />
      ) : slots.isError ? (
        <LoadFailed what="the free times" onRetry={() => void slots.refetch()} />
      ) : free.length === 0 ? (
        <p className="text-sm text-slate-700">No free times on this date. Please choose another date.</p>
      ) : (
        <SlotChoices
          name="reschedule-time"
          slots={free}
          value={value}
          onChange={onChange}
          labelledBy="reschedule-times"
          describedBy="reschedule-times-zone"
          labelOf={shownZone === booking.timeZone ? undefined : (slot) => clockTimeIn(slot, date, shownZone)}
        />
      )}
      {chosen && showViewerTime ? (
        <p className="text-sm text-slate-700">
          Your time: {formatZonedDate(chosen.start, viewerZone)}, {formatZonedClock(chosen.start, viewerZone)}{' '}
          {zoneAbbreviation(chosen.start, viewerZone)}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
