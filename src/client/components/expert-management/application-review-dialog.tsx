import { useState } from 'react';
import { FileText } from 'lucide-react';
import type { AdminExpert } from '@common/admin-experts';
import { Button } from '../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '../ui/dialog';
import { Spinner } from '../ui/spinner';
import { errorText } from '../../lib/api-request';
import { useAdminExpertDetail } from '../../lib/api/admin-experts';
import { ApplicationDetails } from './application-details';
import { DecisionHistory } from './decision-history';

/** The expert's application in full and the decisions so far, read before deciding. */
export function ApplicationReviewDialog({ expert }: { expert: AdminExpert }) {
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
              ? `Submitted ${new Date(detail.data.application.submittedAt).toLocaleDateString('en-US', { dateStyle: 'long' })}; status: ${detail.data.application.status}.`
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
      </DialogContent>
    </Dialog>
  );
}
