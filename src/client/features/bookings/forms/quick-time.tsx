import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useFormContext, useWatch } from 'react-hook-form';
import { CalendarCheck } from 'lucide-react';
import type { Expert } from '@common/experts';
import { addDays, localDateOf } from '@common/zoned-time';
import { bookingKeys, slotsQueryOptions } from '../api';
import { findSlot } from './slot-times';
import type { VideoFormValues } from './form-values';

/** How far ahead a quick time from the expert's profile is looked for. */
const QUICK_TIME_DAYS = 14;

const dayFormat = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** The first date, from today in the expert's zone, on which the expert is free at this clock time. */
function useFirstFreeDate(expert: Expert | undefined, time: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: bookingKeys.quickTime(expert?.id, expert?.timeZone, time),
    enabled: !!expert && !!time,
    staleTime: 30_000,
    queryFn: async () => {
      const today = localDateOf(new Date(), expert!.timeZone);
      for (let day = 0; day < QUICK_TIME_DAYS; day++) {
        const date = addDays(today, day);
        // Each day's answer lands in the slots cache, so the time select of the chosen day is ready at once.
        const slots = await queryClient.fetchQuery(slotsQueryOptions({ expertId: expert!.id, type: 'video', date }));
        const slot = findSlot(slots, time!);
        if (slot) return { date, time: slot.time };
      }
      return null;
    },
  });
}

/**
 * A quick time from the expert's profile (?time=9:00 AM): chooses the first day it is free, once, unless
 * the visitor already has a date (a restored draft), and says what it chose.
 */
export function QuickTime({ expert, time }: { expert: Expert | undefined; time: string | null }) {
  const form = useFormContext<VideoFormValues>();
  const { getValues, setValue } = form;
  const found = useFirstFreeDate(expert, time);
  const applied = useRef(false);
  const date = useWatch({ control: form.control, name: 'scheduledDate' });

  useEffect(() => {
    if (applied.current || !found.data || getValues('scheduledDate')) return;
    applied.current = true;
    setValue('scheduledDate', found.data.date);
    setValue('preferredTime', found.data.time);
  }, [found.data, getValues, setValue]);

  if (!time || !expert || found.isPending) return null;
  if (!found.data) {
    return (
      <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
        {expert.name} has no free {time} in the next {QUICK_TIME_DAYS} days. Please choose another date or time.
      </p>
    );
  }
  if (date !== found.data.date) return null;
  return (
    <p role="status" className="flex items-start gap-2 rounded-lg bg-green-50 px-3 py-2 text-sm text-green-900">
      <CalendarCheck aria-hidden className="mt-0.5 size-4 shrink-0" />
      {found.data.time} is free on {dayFormat.format(new Date(`${found.data.date}T00:00:00Z`))}. We chose it for you; change
      the date or time if you like.
    </p>
  );
}
