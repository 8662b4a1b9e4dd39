import { Settings2 } from 'lucide-react';
import type { Booking } from '@common/bookings';
import { SectionCard } from '../../components/ui/section-card';
import { CancelBookingDialog } from './cancel-booking-dialog';
import { RescheduleBookingDialog } from './reschedule-booking-dialog';

/** The changes the server allows the reader on this booking now (an expert may only cancel); nothing when there are none. */
export function BookingActions({ booking }: { booking: Booking }) {
  const canReschedule = booking.allowedActions.includes('reschedule');
  const canCancel = booking.allowedActions.includes('cancel');
  if (!canReschedule && !canCancel) return null;
  return (
    <SectionCard title="Change or Cancel" icon={Settings2}>
      <p className="text-sm text-slate-600">
        {canReschedule && canCancel
          ? 'Plans changed? You can move this booking to another free time or cancel it any time before the start.'
          : canReschedule
            ? 'Plans changed? You can move this booking to another free time any time before the start.'
            : `Cannot make it? You can cancel this booking any time before the start${booking.viewer === 'expert' ? `; ${booking.owner.name} is e-mailed at once` : ''}.`}
      </p>
      <div className="mt-4 flex flex-col gap-2">
        {canReschedule ? <RescheduleBookingDialog booking={booking} /> : null}
        {canCancel ? <CancelBookingDialog booking={booking} /> : null}
      </div>
    </SectionCard>
  );
}
