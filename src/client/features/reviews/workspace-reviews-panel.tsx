import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { formResolver } from '../../lib/form-resolver';
import { Flag, MessageSquareReply } from 'lucide-react';
import { replyReviewSchema, reviewReasonSchema, type ExpertReview, type ReplyReviewInput } from '@common/reviews';
import { MODERATION_REASON_MAX, REPLY_MAX, type ReviewStatus } from '@common/reviews-rules';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Textarea } from '../../components/ui/textarea';
import { ReasonDialog } from '../../components/ui/reason-dialog';
import { useReplyToReview, useReportReview, useWorkspaceReviews } from './api';
import { errorText } from '../../lib/api-request';
import { showToast } from '../../lib/toast';
import { ReviewItem } from './review-item';

/** What the expert is told of a review's moderation: its state, never an administrator's reasons. */
const STATE: Record<Exclude<ReviewStatus, 'published'>, { label: string; tone: 'yellow' | 'green' | 'gray'; note: string }> = {
  reported: { label: 'Reported', tone: 'yellow', note: 'You reported this review. It stays on your profile until an administrator decides.' },
  kept: { label: 'Kept after report', tone: 'green', note: 'An administrator looked at your report and kept this review.' },
  hidden: { label: 'Hidden', tone: 'gray', note: 'An administrator hid this review: it is not on your profile and does not count in your rating.' },
};

function ReplyForm({ review, onDone }: { review: ExpertReview; onDone: () => void }) {
  const reply = useReplyToReview();
  const form = useForm<ReplyReviewInput>({ resolver: formResolver(replyReviewSchema), defaultValues: { reply: '' } });
  const error = form.formState.errors.reply?.message;
  const id = `reply-${review.id}`;
  const onSubmit = form.handleSubmit((input) =>
    reply.mutate(
      { id: review.id, ...input },
      {
        onSuccess: () => {
          showToast({ title: 'Reply posted', description: 'It shows under the review on your profile.' });
          onDone();
        },
        onError: (failure) => showToast({ title: 'Error', description: errorText(failure, 'Your reply could not be posted'), variant: 'destructive' }),
      },
    ),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
      <FormField id={id} label="Your reply (one per review, shown publicly)" error={error}>
        <Textarea id={id} rows={3} maxLength={REPLY_MAX} aria-invalid={!!error} aria-describedby={error ? `${id}-error` : undefined} {...form.register('reply')} />
      </FormField>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={reply.isPending}>
          {reply.isPending ? 'Posting...' : 'Post reply'}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onDone} disabled={reply.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function WorkspaceReview({ review }: { review: ExpertReview }) {
  const [replying, setReplying] = useState(false);
  const [reporting, setReporting] = useState(false);
  const report = useReportReview();
  const state = review.status === 'published' ? null : STATE[review.status];
  const canReply = review.reply === null && review.status !== 'hidden';
  const canReport = review.status === 'published';
  return (
    <Card className="flex flex-col gap-3 p-5">
      <ReviewItem
        review={review}
        expertName="you"
        aside={
          <span className="flex items-center gap-2 text-xs text-slate-500">
            Booking #{review.bookingNumber}
            {state ? <Badge tone={state.tone}>{state.label}</Badge> : null}
          </span>
        }
      />
      {state ? <p className="text-sm text-slate-600">{state.note}</p> : null}
      {replying ? <ReplyForm review={review} onDone={() => setReplying(false)} /> : null}
      {!replying && (canReply || canReport) ? (
        <div className="flex flex-wrap gap-2">
          {canReply ? (
            <Button size="sm" variant="outline" onClick={() => setReplying(true)}>
              <MessageSquareReply aria-hidden /> Reply
            </Button>
          ) : null}
          {canReport ? (
            <Button size="sm" variant="ghost" className="text-slate-600" onClick={() => setReporting(true)}>
              <Flag aria-hidden /> Report
            </Button>
          ) : null}
        </div>
      ) : null}
      <ReasonDialog
        id={`report-${review.id}`}
        open={reporting}
        onOpenChange={setReporting}
        title="Report this review?"
        description="An administrator reads your reason and either keeps the review or hides it. It stays on your profile until then, and a review can be reported once."
        label="Why should it be hidden?"
        placeholder="For example: it describes another expert's visit"
        confirmLabel="Report review"
        pendingLabel="Reporting..."
        pending={report.isPending}
        schema={reviewReasonSchema}
        maxLength={MODERATION_REASON_MAX}
        required
        onConfirm={(reason) =>
          report.mutate(
            { id: review.id, reason },
            {
              onSuccess: () => {
                showToast({ title: 'Review reported', description: 'An administrator will look at it.' });
                setReporting(false);
              },
              onError: (failure) => showToast({ title: 'Error', description: errorText(failure, 'The report could not be sent'), variant: 'destructive' }),
            },
          )
        }
      />
    </Card>
  );
}

/** The workspace's Reviews tab: every review of the expert, newest first, with Reply and Report. */
export function WorkspaceReviewsPanel() {
  const reviews = useWorkspaceReviews();
  const shown = reviews.data?.pages.flatMap((page) => page.reviews) ?? [];
  if (reviews.isLoading) return <p role="status" className="text-slate-600">Loading your reviews...</p>;
  if (reviews.isError) return <p role="alert" className="text-red-700">{errorText(reviews.error, 'Your reviews could not be loaded.')}</p>;
  if (shown.length === 0) {
    return <Card className="p-8 text-center text-slate-600">No reviews yet. Owners can review a booking for 30 days after it is completed.</Card>;
  }
  return (
    <section aria-label="Your reviews" className="flex flex-col gap-4">
      <ul className="flex flex-col gap-4">
        {shown.map((review) => (
          <li key={review.id}>
            <WorkspaceReview review={review} />
          </li>
        ))}
      </ul>
      {reviews.hasNextPage ? (
        <Button variant="outline" className="self-start" onClick={() => void reviews.fetchNextPage()} disabled={reviews.isFetchingNextPage}>
          {reviews.isFetchingNextPage ? 'Loading...' : 'Show more reviews'}
        </Button>
      ) : null}
    </section>
  );
}
