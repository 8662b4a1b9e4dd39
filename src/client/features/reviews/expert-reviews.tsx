import { MessageSquareText } from 'lucide-react';
import type { Expert } from '@common/experts';
import { SectionCard } from '../../components/ui/section-card';
import { Button } from '../../components/ui/button';
import { useExpertReviews } from './api';
import { errorText } from '../../lib/api-request';
import { useHydrated } from '../../lib/use-hydrated';
import { StarRating } from '../experts';
import { ReviewItem } from './review-item';

/** The expert profile's reviews: the figures, then the verified reviews newest first, 'Show more reviews'. */
export function ExpertReviews({ expert }: { expert: Expert }) {
  const reviews = useExpertReviews(expert.id);
  const shown = reviews.data?.pages.flatMap((page) => page.reviews) ?? [];
  // 'Show more reviews' is disabled until the app has started on the page the server rendered.
  const hydrated = useHydrated();
  return (
    <SectionCard title="Reviews" icon={MessageSquareText}>
      <StarRating rating={expert.rating} reviewCount={expert.reviewCount} />
      <p className="mt-1 text-sm text-slate-600">Reviews are written by boat owners after a completed booking.</p>
      {reviews.isLoading ? (
        <p role="status" className="mt-4 text-sm text-slate-600">
          Loading reviews...
        </p>
      ) : reviews.isError ? (
        <p role="alert" className="mt-4 text-sm text-red-700">
          {errorText(reviews.error, 'The reviews could not be loaded.')}
        </p>
      ) : shown.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">No reviews from bookings here yet.</p>
      ) : (
        <>
          <ul aria-label="Reviews" className="mt-4 flex flex-col divide-y divide-slate-100">
            {shown.map((review) => (
              <li key={review.id} className="py-4 first:pt-0 last:pb-0">
                <ReviewItem review={review} expertName={expert.name} />
              </li>
            ))}
          </ul>
          {reviews.hasNextPage ? (
            <Button variant="outline" className="mt-4 w-full sm:w-auto" onClick={() => void reviews.fetchNextPage()} disabled={!hydrated || reviews.isFetchingNextPage}>
              {reviews.isFetchingNextPage ? 'Loading...' : 'Show more reviews'}
            </Button>
          ) : null}
        </>
      )}
    </SectionCard>
  );
}
