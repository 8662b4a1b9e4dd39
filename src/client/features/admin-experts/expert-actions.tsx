import { useState } from 'react';
import { Ban, Check, ExternalLink, RotateCcw, X } from 'lucide-react';
import { decisionReasonSchema, optionalReasonSchema, REASON_MAX_LENGTH, type AdminExpert } from '@common/admin-experts';
import { Button } from '../../components/ui/button';
import { showToast } from '../../lib/toast';
import { useApproveExpert, useReinstateExpert, useRejectExpert, useSuspendExpert } from './api';
import { showDecisionError } from './decision-feedback';
import { ReasonDialog } from '../../components/ui/reason-dialog';
import { ApplicationReviewDialog } from './application-review-dialog';

type Asking = 'suspend' | 'reject' | 'reinstate' | null;

/**
 * What an administrator may do with the expert now: Approve or Reject while pending, Suspend while
 * approved, Reinstate while suspended; always review the application and history, and View Profile.
 */
export function ExpertActions({ expert }: { expert: AdminExpert }) {
  const [asking, setAsking] = useState<Asking>(null);
  const approve = useApproveExpert();
  const suspend = useSuspendExpert();
  const reinstate = useReinstateExpert();
  const reject = useRejectExpert();
  const close = () => setAsking(null);

  const onApprove = (done?: () => void) =>
    approve.mutate(
      { id: expert.id },
      {
        onSuccess: () => {
          done?.();
          showToast({ title: 'Expert Approved', description: 'Expert has been approved successfully.' });
        },
        onError: (error) => showDecisionError(error, 'Failed to approve expert'),
      },
    );
  const onSuspend = (reason: string) =>
    suspend.mutate(
      { id: expert.id, reason },
      {
        onSuccess: () => {
          close();
          showToast({ title: 'Expert Suspended', description: 'Expert has been suspended successfully.' });
        },
        onError: (error) => showDecisionError(error, 'Failed to suspend expert'),
      },
    );
  const onReinstate = (reason: string) =>
    reinstate.mutate(
      { id: expert.id, reason },
      {
        onSuccess: () => {
          close();
          showToast({ title: 'Expert Reinstated', description: 'Expert has been reinstated successfully.' });
        },
        onError: (error) => showDecisionError(error, 'Failed to reinstate expert'),
      },
    );
  const onReject = (reason: string) =>
    reject.mutate(
      { id: expert.id, reason },
      {
        onSuccess: () => {
          close();
          showToast({ title: 'Application Rejected', description: 'The applicant has been told why and may apply again.' });
        },
        onError: (error) => showDecisionError(error, 'Failed to reject application'),
      },
    );

  return (
    <div className="flex flex-wrap gap-2">
      {expert.status === 'pending' ? (
        <>
          <Button size="sm" onClick={() => onApprove()} disabled={approve.isPending || reject.isPending} className="bg-green-700 hover:bg-green-800">
            <Check aria-hidden /> {approve.isPending ? 'Approving...' : 'Approve'}
          </Button>
          <Button size="sm" variant="outline" onClick={() => setAsking('reject')} disabled={approve.isPending || reject.isPending} className="border-red-300 text-red-700 hover:bg-red-50">
            <X aria-hidden /> Reject
          </Button>
        </>
      ) : null}
      {expert.status === 'approved' ? (
        <Button size="sm" variant="outline" onClick={() => setAsking('suspend')} disabled={suspend.isPending} className="border-red-300 text-red-700 hover:bg-red-50">
          <Ban aria-hidden /> {suspend.isPending ? 'Suspending...' : 'Suspend'}
        </Button>
      ) : null}
      {expert.status === 'suspended' ? (
        <Button size="sm" variant="outline" onClick={() => setAsking('reinstate')} disabled={reinstate.isPending}>
          <RotateCcw aria-hidden /> {reinstate.isPending ? 'Reinstating...' : 'Reinstate'}
        </Button>
      ) : null}
      <ApplicationReviewDialog expert={expert} approving={approve.isPending} onApprove={onApprove} onReject={() => setAsking('reject')} />
      <Button asChild size="sm" variant="ghost">
        <a href={`/expert/${expert.id}`} target="_blank" rel="noopener noreferrer">
          <ExternalLink aria-hidden /> View Profile
        </a>
      </Button>

      <ReasonDialog
        id={`suspend-reason-${expert.id}`}
        open={asking === 'suspend'}
        onOpenChange={(open) => setAsking(open ? 'suspend' : null)}
        title={`Suspend ${expert.name}?`}
        description="The expert disappears from the listings and cannot be booked. Their upcoming bookings are cancelled and the owners told (and refunded if they paid). The expert receives your reason by e-mail."
        label="Reason for suspending"
        placeholder="For example: insurance certificate expired on 1 March"
        confirmLabel="Suspend"
        pendingLabel="Suspending..."
        pending={suspend.isPending}
        schema={decisionReasonSchema}
        maxLength={REASON_MAX_LENGTH}
        required
        destructive
        onConfirm={onSuspend}
      />
      <ReasonDialog
        id={`reject-reason-${expert.id}`}
        open={asking === 'reject'}
        onOpenChange={(open) => setAsking(open ? 'reject' : null)}
        title={`Reject the application of ${expert.name}?`}
        description="The applicant receives your reason by e-mail and may apply again once it is addressed."
        label="Reason for rejecting"
        placeholder="For example: please attach proof of liability insurance"
        confirmLabel="Reject application"
        pendingLabel="Rejecting..."
        pending={reject.isPending}
        schema={decisionReasonSchema}
        maxLength={REASON_MAX_LENGTH}
        required
        destructive
        onConfirm={onReject}
      />
      <ReasonDialog
        id={`reinstate-reason-${expert.id}`}
        open={asking === 'reinstate'}
        onOpenChange={(open) => setAsking(open ? 'reinstate' : null)}
        title={`Reinstate ${expert.name}?`}
        description="The expert appears in the listings and can be booked again. Bookings cancelled by the suspension stay cancelled."
        label="Note to the expert"
        placeholder="For example: new insurance certificate received"
        confirmLabel="Reinstate"
        pendingLabel="Reinstating..."
        pending={reinstate.isPending}
        schema={optionalReasonSchema}
        maxLength={REASON_MAX_LENGTH}
        required={false}
        onConfirm={onReinstate}
      />
    </div>
  );
}
