import type { ReactNode } from 'react';
import { BadgeCheck, MessageSquareReply } from 'lucide-react';
import type { PublicReview } from '@common/reviews';
import { LocalDate } from '../../components/ui/local-date';
import { ReviewStars } from './review-stars';

/** One review: who ('Jane D.'), when, the stars, 'Verified booking', the text and the expert's reply. */
export function ReviewItem({ review, expertName, aside }: { review: PublicReview; expertName?: string; aside?: ReactNode }) {
  return (
    <article aria-label={`Review by ${review.authorName}`} className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="font-semibold text-slate-900">{review.authorName}</span>
          <span className="inline-flex items-center gap-1 text-xs font-medium text-green-700">
            <BadgeCheck aria-hidden className="size-4" /> Verified booking
          </span>
        </div>
        {aside}
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
        <ReviewStars rating={review.rating} />
        <LocalDate iso={review.createdAt} />
        <span>{review.serviceType === 'video' ? 'Video consultation' : 'Onsite service'}</span>
      </div>
      {review.text ? <p className="leading-relaxed whitespace-pre-line text-slate-800 [overflow-wrap:anywhere]">{review.text}</p> : null}
      {review.reply ? (
        <div className="mt-1 rounded-md border-l-4 border-navy-200 bg-slate-50 px-4 py-3 text-sm">
          <p className="flex items-center gap-1.5 font-semibold text-navy-800">
            <MessageSquareReply aria-hidden className="size-4" /> Reply from {expertName ?? 'the expert'}
          </p>
          <p className="mt-1 whitespace-pre-line text-slate-700 [overflow-wrap:anywhere]">{review.reply}</p>
        </div>
      ) : null}
    </article>
  );
}
