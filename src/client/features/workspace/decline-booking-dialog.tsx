import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { XCircle } from 'lucide-react';
import { declineBookingFormSchema, type DeclineBookingFormInput } from '@common/bookings';
import type { WorkspaceBooking } from '@common/workspace';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { Textarea } from '../../components/ui/textarea';
import { useAnswerBooking } from './api';
import { errorText } from '../../lib/api-request';
import { formResolver } from '../../lib/form-resolver';
import { showToast } from '../../lib/toast';

export function DeclineBookingDialog({ booking }: { booking: WorkspaceBooking }) {
  const [open, setOpen] = useState(false);
  const answer = useAnswerBooking();
  const form = useForm<DeclineBookingFormInput>({ resolver: formResolver(declineBookingFormSchema), defaultValues: { reason: '' } });
  const error = form.formState.errors.reason?.message;

  const onOpenChange = (next: boolean) => {
    if (answer.isPending) return;
    if (!next) form.reset();
    setOpen(next);
  };

  const onSubmit = form.handleSubmit(({ reason }) =>
    answer.mutate(
      { id: booking.id, action: 'decline', reason },
      {
        onSuccess: () => {
          showToast({ title: 'Request declined', description: `${booking.owner.name} has been told, with your reason.` });
          form.reset();
          setOpen(false);
        },
        onError: (failure) => showToast({ title: 'Error', description: errorText(failure, 'Failed to decline the request'), variant: 'destructive' }),
      },
    ),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline" className="border-red-300 text-red-700 hover:bg-red-50">
          <XCircle aria-hidden /> Decline
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Decline booking #{booking.number}?</DialogTitle>
          <DialogDescription>
            {booking.owner.name} is told at once and nothing is charged. Your reason helps them book another time or another expert.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <FormField id={`decline-reason-${booking.id}`} label="Reason for declining" error={error}>
            <Textarea
              id={`decline-reason-${booking.id}`}
              rows={4}
              maxLength={500}
              placeholder="For example: I am at a boat show that day; Thursday afternoon works"
              aria-invalid={!!error}
              aria-describedby={error ? `decline-reason-${booking.id}-error` : undefined}
              {...form.register('reason')}
            />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={answer.isPending}>
              Keep request
            </Button>
            <Button type="submit" variant="destructive" disabled={answer.isPending}>
              {answer.isPending ? 'Declining...' : 'Decline request'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
