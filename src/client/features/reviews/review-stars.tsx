import { Star } from 'lucide-react';
import { cn } from '../../lib/cn';

/** A review's whole stars, named for screen readers. */
export function ReviewStars({ rating, className }: { rating: number; className?: string }) {
  return (
    <span role="img" aria-label={`${rating} out of 5 stars`} className={cn('flex', className)}>
      {Array.from({ length: 5 }, (_, i) => (
        <Star key={i} aria-hidden className={cn('size-4', i < rating ? 'fill-amber-400 text-amber-400' : 'fill-slate-200 text-slate-200')} />
      ))}
    </span>
  );
}
