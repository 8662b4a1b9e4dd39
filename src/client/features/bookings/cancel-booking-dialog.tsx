import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { formResolver } from '../../lib/form-resolver';
import { XCircle } from 'lucide-react';
import { cancelBookingSchema, type Booking, type CancelBookingInput } from '@common/bookings';
import { formatPrice } from '@common/experts-rules';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { Textarea } from '../../components/ui/textarea';
import { useCancelBooking } from './api';
import { errorText } from '../../lib/api-request';
import { showToast } from '../../lib/toast';
import { useRefreshOnConflict } from './use-refresh-on-conflict';

/** What happens to the money, said before the owner decides. */
function refundText(booking: Booking): string {
  if (booking.paymentStatus === 'paid') return `You paid ${formatPrice(booking.price)}; it is refunded in full to the card you paid with.`;
  return 'Nothing has been charged, so there is nothing to refund. A paid booking is refunded in full.';
}

/** Cancel, with the reason the expert is told; allowed any time before the start. */
export function CancelBookingDialog({ booking }: { booking: Booking }) {
  const [open, setOpen] = useState(false);
  const refreshOnConflict = useRefreshOnConflict(booking);
  const cancel = useCancelBooking();
  const form = useForm<CancelBookingInput>({ resolver: formResolver(cancelBookingSchema), defaultValues: { reason: '' } });
  const error = form.formState.errors.reason?.message;

  const onOpenChange = (next: boolean) => {
    if (cancel.isPending) return;
    if (!next) form.reset();
    setOpen(next);
  };

  // mutateAsync, not mutate's callbacks: the booking's pages refetch before the mutation settles, and a
  // cancelled booking no longer shows this dialog, whose callbacks would then never run (no toast).
  const onSubmit = form.handleSubmit(async ({ reason }) => {
    try {
      await cancel.mutateAsync({ id: booking.id, reason });
    } catch (failure) {
      showToast({ title: 'Error', description: errorText(failure, 'Failed to cancel the booking'), variant: 'destructive' });
      refreshOnConflict(failure);
      return;
    }
    showToast({ title: 'Booking cancelled', description: `Booking #${booking.number} is cancelled. ${booking.expert.name} has been told.` });
    form.reset();
    setOpen(false);
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline" className="w-full border-red-300 text-red-700 hover:bg-red-50">
          <XCircle aria-hidden /> Cancel booking
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Cancel booking #{booking.number}?</DialogTitle>
          <DialogDescription>
            You can cancel any time before the start. {refundText(booking)}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <FormField id="cancel-reason" label="Reason for cancelling" error={error}>
            <Textarea
              id="cancel-reason"
              rows={4}
              maxLength={500}
              placeholder={`Tell ${booking.expert.name} why, for example: the engine started after all`}
              aria-invalid={!!error}
              aria-describedby={error ? 'cancel-reason-error' : undefined}
              {...form.register('reason')}
            />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={cancel.isPending}>
              Keep booking
            </Button>
            <Button type="submit" variant="destructive" disabled={cancel.isPending}>
              {cancel.isPending ? 'Cancelling...' : 'Cancel booking'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
