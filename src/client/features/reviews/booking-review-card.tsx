import { Controller, useForm } from 'react-hook-form';
import { formResolver } from '../../lib/form-resolver';
import { Star } from 'lucide-react';
import type { BookingDetail } from '@common/bookings';
import { createReviewSchema, type CreateReviewInput } from '@common/reviews';
import { REVIEW_TEXT_MAX, REVIEW_TEXT_MIN, REVIEW_WINDOW_DAYS } from '@common/reviews-rules';
import { SectionCard } from '../../components/ui/section-card';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Textarea } from '../../components/ui/textarea';
import { useBookingReview, useCreateReview } from './api';
import { errorText } from '../../lib/api-request';
import { formatDate } from '../../lib/format';
import { showToast } from '../../lib/toast';
import { ReviewItem } from './review-item';
import { StarInput } from './star-input';

function ReviewForm({ booking, closesAt }: { booking: BookingDetail; closesAt: string }) {
  const create = useCreateReview(booking.id);
  const form = useForm<CreateReviewInput>({ resolver: formResolver(createReviewSchema), defaultValues: { text: '' } });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((input) =>
    create.mutate(input, {
      onSuccess: () => showToast({ title: 'Thank you for your review', description: `It now shows on ${booking.expert.name}'s profile.` }),
      onError: (failure) => showToast({ title: 'Error', description: errorText(failure, 'Your review could not be saved'), variant: 'destructive' }),
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-slate-600">
        How did {booking.expert.name} do? Your first name and last initial show with your review, marked as a verified booking. You can
        review until {formatDate(closesAt)}.
      </p>
      <Controller
        control={form.control}
        name="rating"
        render={({ field }) => <StarInput name="review-rating" value={field.value} onChange={field.onChange} error={errors.rating?.message} />}
      />
      <FormField id="review-text" label="Your review" optional error={errors.text?.message}>
        <Textarea
          id="review-text"
          rows={5}
          maxLength={REVIEW_TEXT_MAX}
          placeholder={`What was the problem, and how did ${booking.expert.name} help? (${REVIEW_TEXT_MIN} to ${REVIEW_TEXT_MAX} characters)`}
          aria-invalid={!!errors.text}
          aria-describedby={errors.text ? 'review-text-error' : undefined}
          {...form.register('text')}
        />
      </FormField>
      <Button type="submit" className="self-start" disabled={create.isPending}>
        {create.isPending ? 'Submitting...' : 'Submit review'}
      </Button>
    </form>
  );
}

/**
 * 'Rate your expert' on a completed booking's page: the form while reviewing is open (30 days after the
 * end), the review once written, or a sentence saying reviewing has closed.
 */
export function BookingReviewCard({ booking }: { booking: BookingDetail }) {
  const state = useBookingReview(booking.id, booking.status === 'completed');
  const data = state.data;
  if (!data) return null;
  const { review, eligibility } = data;
  if (review) {
    return (
      <SectionCard title={data.yours ? 'Your review' : "The owner's review"} icon={Star}>
        <ReviewItem review={review} expertName={booking.expert.name} />
        {data.yours && review.status === 'hidden' ? (
          <p className="mt-3 text-sm text-slate-600">An administrator has hidden this review from the expert&apos;s profile.</p>
        ) : null}
      </SectionCard>
    );
  }
  if (eligibility === 'open') {
    return (
      <SectionCard title="Rate your expert" icon={Star}>
        <ReviewForm booking={booking} closesAt={data.closesAt} />
      </SectionCard>
    );
  }
  if (eligibility === 'closed') {
    return (
      <SectionCard title="Rate your expert" icon={Star}>
        <p className="text-sm text-slate-600">
          Reviewing has closed: reviews are accepted for {REVIEW_WINDOW_DAYS} days after a booking, until {formatDate(data.closesAt)}.
        </p>
      </SectionCard>
    );
  }
  return null;
}
