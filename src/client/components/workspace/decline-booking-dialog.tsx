import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { XCircle } from 'lucide-react';
import type { WorkspaceBooking } from '@common/workspace';
import { Button } from '../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '../ui/dialog';
import { FormField } from '../ui/form-field';
import { Textarea } from '../ui/textarea';
import { useAnswerBooking } from '../../lib/api/workspace';
import { errorText } from '../../lib/api-request';
import { showToast } from '../../lib/toast';

const DECLINE_REASON_REQUIRED = 'Please tell the owner why you cannot take this booking';
/** The owner is told the reason, so the workspace asks for one even though the API allows none. */
const declineFormSchema = z.object({ reason: z.string().trim().min(1, DECLINE_REASON_REQUIRED).max(500, 'Must be at most 500 characters') });
type DeclineForm = z.infer<typeof declineFormSchema>;

export function DeclineBookingDialog({ booking }: { booking: WorkspaceBooking }) {
  const [open, setOpen] = useState(false);
  const answer = useAnswerBooking();
  const form = useForm<DeclineForm>({ resolver: zodResolver(declineFormSchema), defaultValues: { reason: '' } });
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
