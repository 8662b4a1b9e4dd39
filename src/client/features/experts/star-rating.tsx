import { starCount } from '@common/experts-rules';
import { cn } from '../../lib/cn';
import { StarRow } from '../../components/ui/star-row';

const ratingFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 2 });

/** Whole stars for the floor of the rating, the exact figure beside them and in the accessible name. */
export function StarRating({
  rating,
  reviewCount,
  className,
}: {
  rating: string;
  reviewCount?: number;
  className?: string;
}) {
  const filled = starCount(rating);
  const value = Number.parseFloat(rating);
  const shown = Number.isFinite(value) ? ratingFormat.format(value) : '—';
  return (
    <div className={cn('flex items-center gap-1.5 text-sm', className)}>
      <StarRow filled={filled} label={`Rated ${shown} out of 5`} />
      <span aria-hidden className="font-semibold text-slate-900">
        {shown}
      </span>
      {reviewCount !== undefined ? (
        <span className="text-slate-600">
          ({reviewCount} {reviewCount === 1 ? 'review' : 'reviews'})
        </span>
      ) : null}
    </div>
  );
}
