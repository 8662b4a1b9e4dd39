import { useState } from 'react';
import { Link } from 'react-router';
import { EyeOff, ShieldCheck } from 'lucide-react';
import { reviewReasonSchema, type ReportedReview } from '@common/reviews';
import { MODERATION_REASON_MAX } from '@common/reviews-rules';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ReasonDialog } from '../../components/ui/reason-dialog';
import { useModerateReview, useReportedReviews } from './api';
import { errorText } from '../../lib/api-request';
import { formatDate } from '../../lib/format';
import { showToast } from '../../lib/toast';
import { ReviewItem } from './review-item';

function ReportedReviewCard({ review }: { review: ReportedReview }) {
  const [hiding, setHiding] = useState(false);
  const moderate = useModerateReview();
  const decide = (decision: 'hide' | 'keep', reason?: string) =>
    moderate.mutate(
      { id: review.id, decision, reason },
      {
        onSuccess: () => {
          showToast({
            title: decision === 'hide' ? 'Review hidden' : 'Review kept',
            description: decision === 'hide' ? `It no longer shows on ${review.expertName}'s profile or counts in their rating.` : 'It stays on the profile.',
          });
          setHiding(false);
        },
        onError: (failure) => showToast({ title: 'Error', description: errorText(failure, 'The decision could not be saved'), variant: 'destructive' }),
      },
    );
  return (
    <Card className="flex flex-col gap-3 p-5">
      <p className="text-sm text-slate-600">
        Review of{' '}
        <Link to={`/expert/${review.expertId}`} className="font-semibold text-navy-700 underline-offset-2 hover:underline">
          {review.expertName}
        </Link>{' '}
        · Booking #{review.bookingNumber}
      </p>
      <ReviewItem review={review} expertName={review.expertName} />
      <div className="rounded-md bg-yellow-50 px-4 py-3 text-sm text-yellow-900">
        <p className="font-semibold">Reported by the expert on {formatDate(review.reportedAt)}</p>
        <p className="mt-1 whitespace-pre-line [overflow-wrap:anywhere]">{review.reportReason}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={() => decide('keep')} disabled={moderate.isPending}>
          <ShieldCheck aria-hidden /> Keep review
        </Button>
        <Button size="sm" variant="destructive" onClick={() => setHiding(true)} disabled={moderate.isPending}>
          <EyeOff aria-hidden /> Hide review
        </Button>
      </div>
      <ReasonDialog
        id={`hide-${review.id}`}
        open={hiding}
        onOpenChange={setHiding}
        title="Hide this review?"
        description={`It disappears from ${review.expertName}'s profile and no longer counts in their rating. The reason is kept in the audit log; the expert sees only that it is hidden.`}
        label="Reason for hiding"
        placeholder="For example: the owner confirmed it was about another expert"
        confirmLabel="Hide review"
        pendingLabel="Hiding..."
        pending={moderate.isPending}
        schema={reviewReasonSchema}
        maxLength={MODERATION_REASON_MAX}
        required
        destructive
        onConfirm={(reason) => decide('hide', reason)}
      />
    </Card>
  );
}

/** Expert management's 'Reported reviews': what experts reported, oldest first, to keep or hide. */
export function ReportedReviewsQueue() {
  const queue = useReportedReviews();
  if (queue.isLoading) return <p role="status" className="py-10 text-center text-slate-600">Loading reported reviews...</p>;
  if (queue.isError) {
    return (
      <Card role="alert" className="p-6 text-center text-red-700">
        {errorText(queue.error, 'The reported reviews could not be loaded. Please reload the page.')}
      </Card>
    );
  }
  const reviews = queue.data ?? [];
  return (
    <section aria-label="Reported reviews" className="flex flex-col gap-4">
      <p role="status" aria-live="polite" className="font-medium text-slate-700">
        {reviews.length} reported review(s) waiting
      </p>
      {reviews.length === 0 ? (
        <Card className="p-10 text-center text-slate-600">No reported reviews are waiting.</Card>
      ) : (
        <ul className="grid gap-5 lg:grid-cols-2">
          {reviews.map((review) => (
            <li key={review.id}>
              <ReportedReviewCard review={review} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
