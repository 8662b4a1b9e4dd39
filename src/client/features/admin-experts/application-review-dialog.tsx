import { useState } from 'react';
import { Check, FileText, X } from 'lucide-react';
import type { AdminExpert } from '@common/admin-experts';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { errorText } from '../../lib/api-request';
import { useAdminExpertDetail } from './api';
import { ApplicationDetails } from './application-details';
import { DecisionHistory } from './decision-history';

const STATUS_LABELS = { pending: 'waiting for a decision', approved: 'approved', rejected: 'rejected' } as const;

/**
 * The expert's application in full and the decisions so far, read before deciding; a pending
 * application can be approved or rejected from here.
 */
export function ApplicationReviewDialog({
  expert,
  approving,
  onApprove,
  onReject,
}: {
  expert: AdminExpert;
  approving: boolean;
  /** Approves; `done` closes the dialog once it succeeded. */
  onApprove: (done: () => void) => void;
  onReject: () => void;
}) {
  const [open, setOpen] = useState(false);
  const detail = useAdminExpertDetail(expert.id, open);
  const hasApplication = expert.applicationId !== null;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline">
          <FileText aria-hidden /> {hasApplication ? 'Review application' : 'History'}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{hasApplication ? `Application of ${expert.name}` : `History of ${expert.name}`}</DialogTitle>
          <DialogDescription>
            {detail.data?.application
              ? `Submitted ${new Date(detail.data.application.submittedAt).toLocaleDateString('en-US', { dateStyle: 'long' })}, ${STATUS_LABELS[detail.data.application.status]}.`
              : 'This expert joined without an application on file.'}
          </DialogDescription>
        </DialogHeader>
        {detail.isLoading ? <Spinner label="Loading the application" className="py-10" /> : null}
        {detail.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {errorText(detail.error, 'The application could not be loaded. Please try again.')}
          </p>
        ) : null}
        {detail.data ? (
          <div className="flex flex-col gap-6">
            {detail.data.application ? <ApplicationDetails application={detail.data.application} /> : null}
            <DecisionHistory detail={detail.data} />
          </div>
        ) : null}
        {expert.status === 'pending' ? (
          <DialogFooter className="border-t border-slate-100 pt-4">
            <Button
              variant="outline"
              onClick={() => {
                setOpen(false);
                onReject();
              }}
              disabled={approving}
              className="border-red-300 text-red-700 hover:bg-red-50"
            >
              <X aria-hidden /> Reject
            </Button>
            <Button onClick={() => onApprove(() => setOpen(false))} disabled={approving} className="bg-green-700 hover:bg-green-800">
              <Check aria-hidden /> {approving ? 'Approving...' : 'Approve'}
            </Button>
          </DialogFooter>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
