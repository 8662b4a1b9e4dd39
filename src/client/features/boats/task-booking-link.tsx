import { Link } from 'react-router';
import { CalendarCheck2, Wrench } from 'lucide-react';
import type { MaintenanceTask, TaskBooking } from '@common/maintenance';
import { Button } from '../../components/ui/button';
import { formatZonedDate } from '../../lib/booking-time';
import { bookingTimeZone } from '@common/bookings-time-zone';
import { bookExpertPath } from '@common/maintenance-rules';

/** 'Booked for Fri, Dec 4, 2026 (#1001)', or 'Requested for …' while the expert has not confirmed. */
export function taskBookingLabel(booking: TaskBooking): string {
  return `${booking.status === 'confirmed' ? 'Booked' : 'Requested'} for ${formatZonedDate(booking.startsAt, bookingTimeZone(booking))} (#${booking.number})`;
}

/**
 * A task's way to an expert: its booking while one is going (no second one is offered: the server refuses it
 * too), else 'Book an expert'.
 */
export function TaskBookingAction({ task, variant, className }: { task: MaintenanceTask; variant: 'secondary' | 'outline'; className?: string }) {
  if (task.booking) {
    return (
      <Link to={`/bookings/${task.booking.id}`} className={`inline-flex items-center gap-1.5 text-sm font-semibold text-navy-700 hover:underline ${className ?? ''}`}>
        <CalendarCheck2 aria-hidden className="size-4" /> {taskBookingLabel(task.booking)}
      </Link>
    );
  }
  return (
    <Button asChild variant={variant} size="sm" className={className}>
      <Link to={bookExpertPath(task, { id: task.boatId, homeZip: task.boatZip })} aria-label={`Book an expert: ${task.title}`}>
        <Wrench aria-hidden /> Book an expert
      </Link>
    </Button>
  );
}
