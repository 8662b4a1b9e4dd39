import { StarRow } from '../../components/ui/star-row';

/** A review's whole stars, named for screen readers. */
export function ReviewStars({ rating, className }: { rating: number; className?: string }) {
  return <StarRow filled={rating} label={`${rating} out of 5 stars`} className={className} />;
}
