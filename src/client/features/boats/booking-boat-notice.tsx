import { Link, useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Sailboat, X } from 'lucide-react';
import { useAuth } from '../../lib/session';
import { boatTasksQuery, useBoats } from './api';
import { useBookingBoat, withoutBookingBoat } from './booking-boat';

/**
 * Above the directory's results (and on an expert's page) when it was opened from a maintenance task's
 * 'Book an expert': 'Booking for Sea Breeze: Replace the impeller', and 'Clear', which drops the boat and
 * the task from the address (the booking links stop carrying them). Nothing for a boat that is not the
 * signed-in visitor's, nor for signed-out visitors. Free of zod, as the directory's first paint is.
 */
export function BookingBoatNotice() {
  const location = useLocation();
  const context = useBookingBoat();
  const { isAuthenticated } = useAuth();
  const boats = useBoats(!!context && isAuthenticated);
  const boat = context ? boats.data?.find((candidate) => candidate.id === context.boatId) : undefined;
  const tasks = useQuery({ ...boatTasksQuery(context?.boatId ?? ''), enabled: !!boat && !!context?.taskId });
  if (!context || !boat) return null;
  const task = context.taskId ? tasks.data?.find((candidate) => candidate.id === context.taskId) : undefined;
  return (
    <div
      className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-lg border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900"
    >
      <p className="flex min-w-0 items-start gap-2">
        <Sailboat aria-hidden className="mt-0.5 size-4 shrink-0" />
        <span id="booking-boat-notice" className="min-w-0 [overflow-wrap:anywhere]">
          {task ? `Booking for ${boat.name}: ${task.title}` : `Booking for ${boat.name}`}
        </span>
      </p>
      <Link
        to={{ pathname: location.pathname, search: withoutBookingBoat(new URLSearchParams(location.search)) }}
        replace
        aria-describedby="booking-boat-notice"
        className="inline-flex min-h-6 items-center gap-1 font-medium text-sky-900 underline underline-offset-4 hover:text-navy-700"
      >
        <X aria-hidden className="size-4" /> Clear
      </Link>
    </div>
  );
}
