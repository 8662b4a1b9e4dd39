import { CheckCircle2, CircleCheckBig, UserX } from 'lucide-react';
import type { WorkspaceBooking } from '@common/workspace';
import { Button } from '../../components/ui/button';
import { parsePrice } from '@common/experts-rules';
import type { OnsiteCompletionInput } from '@common/invoices';
import { useAnswerBooking, useWorkspaceProfile, type ExpertBookingAction } from './api';
import { CompleteVisitDialog } from '../payments';
import { FINISH_LABELS } from '../bookings';
import { errorText } from '../../lib/api-request';
import { showToast } from '../../lib/toast';
import { DeclineBookingDialog } from './decline-booking-dialog';

const DONE: Record<Exclude<ExpertBookingAction, 'decline'>, { title: string; description: (b: WorkspaceBooking) => string }> = {
  confirm: { title: 'Request accepted', description: (b) => `Booking #${b.number} is confirmed. ${b.owner.name} gets a calendar invite.` },
  complete: { title: 'Marked completed', description: (b) => `Booking #${b.number} is completed and its invoice sent to ${b.owner.name}.` },
  'no-show': { title: 'Marked as a no-show', description: (b) => `Booking #${b.number} is recorded as a no-show.` },
};

/** The actions the state machine allows the expert now (the server answers them in `allowedActions`). */
export function BookingAnswerButtons({ booking }: { booking: WorkspaceBooking }) {
  const answer = useAnswerBooking();
  const profile = useWorkspaceProfile();
  const allowed = new Set(booking.allowedActions);
  const complete = (completion: OnsiteCompletionInput) =>
    answer.mutateAsync({ id: booking.id, action: 'complete', completion }).then(() =>
      showToast({ title: DONE.complete.title, description: DONE.complete.description(booking) }),
    );
  const run = (action: Exclude<ExpertBookingAction, 'decline'>) =>
    answer.mutate(
      { id: booking.id, action },
      {
        onSuccess: () => showToast({ title: DONE[action].title, description: DONE[action].description(booking) }),
        onError: (failure) => showToast({ title: 'Error', description: errorText(failure, 'Failed to update the booking'), variant: 'destructive' }),
      },
    );

  if (!allowed.has('confirm') && !allowed.has('decline') && !allowed.has('complete') && !allowed.has('no_show')) return null;
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
      {allowed.has('decline') ? <DeclineBookingDialog booking={booking} /> : null}
      {allowed.has('confirm') ? (
        <Button onClick={() => run('confirm')} disabled={answer.isPending}>
          <CheckCircle2 aria-hidden /> {answer.isPending ? 'Accepting...' : 'Accept'}
        </Button>
      ) : null}
      {allowed.has('no_show') ? (
        <Button variant="outline" onClick={() => run('no-show')} disabled={answer.isPending}>
          <UserX aria-hidden /> Owner did not show
        </Button>
      ) : null}
      {allowed.has('complete') && booking.onsite ? (
        <CompleteVisitDialog
          visit={{
            id: booking.id,
            number: booking.number,
            ownerName: booking.owner.name,
            hourlyCents: Math.round((parsePrice(booking.price) * 100) / Math.max(1, booking.onsite.estimatedHours)),
            minimumHours: profile.data?.onsiteMinimumHours ?? 1,
            bookedHours: booking.onsite.estimatedHours,
          }}
          pending={answer.isPending}
          onComplete={complete}
        />
      ) : allowed.has('complete') ? (
        <Button onClick={() => run('complete')} disabled={answer.isPending}>
          <CircleCheckBig aria-hidden /> {FINISH_LABELS.video}
        </Button>
      ) : null}
    </div>
  );
}
