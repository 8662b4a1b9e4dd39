import { Suspense, useDeferredValue, type ReactNode } from 'react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import type { Expert } from '@common/experts';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import type { ExpertPage } from './api';
import { ExpertCardSkeleton } from './expert-card-skeleton';
import { ExpertsEmptyState } from './experts-empty-state';
import { LoadMoreButton } from '../../components/ui/load-more-button';
import { formatTotal, resultsTotal } from './results-total';

const SKELETON_COUNT = 6;
const gridClass = 'grid gap-5 sm:grid-cols-2 lg:grid-cols-3';
// Cards outside the screen skip style and layout until scrolled near (24 a page: most of a phone's first render),
// holding their last size, or about a card's height before it, so nothing jumps.
const cardItemClass = 'flex flex-col [&>*]:flex-1 [content-visibility:auto] [contain-intrinsic-height:auto_26rem] [overflow-clip-margin:0.5rem]';

/** The result grid of an expert listing: skeletons, the error, the empty state, or the cards and 'Load more'. */
export function ExpertResults({
  query,
  renderCard,
  emptyHint,
  empty,
}: {
  query: UseInfiniteQueryResult<InfiniteData<ExpertPage>>;
  renderCard: (expert: Expert) => ReactNode;
  emptyHint: string;
  /** What to show instead of 'No experts found' and the hint (a listing near a ZIP code offers video calls). */
  empty?: ReactNode;
}) {
  // The cards render at low priority, in slices between which the browser can paint and respond: a page
  // of cards rendered at once is one long task on a phone.
  const data = useDeferredValue(query.data);
  if (query.isPending || (query.isSuccess && !data)) {
    return (
      <div className={gridClass} role="status" aria-busy="true" aria-label="Loading experts">
        {Array.from({ length: SKELETON_COUNT }, (_, i) => (
          <ExpertCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <Card role="alert" className="flex flex-col items-center gap-3 px-6 py-12 text-center">
        <AlertTriangle aria-hidden className="size-10 text-coral" />
        <h2 className="text-lg font-semibold text-slate-900">We could not load the experts</h2>
        <p className="max-w-md text-slate-600">Check your connection and try again.</p>
        <Button variant="outline" onClick={() => query.refetch()}>
          Try again
        </Button>
      </Card>
    );
  }

  const shown = data ?? query.data;
  const experts = shown.pages.flatMap((page) => page.experts);
  if (experts.length === 0) return empty ?? <ExpertsEmptyState hint={emptyHint} />;
  const total = resultsTotal(shown);

  return (
    <div className="flex flex-col items-center gap-6">
      {/* A boundary, so that on a page the server rendered React hydrates the cards in a pass of their own
          after the rest of the page: the header and the filters work without waiting for a page of cards
          (their links work as links meanwhile). Nothing in it suspends; it has no fallback to show. */}
      <Suspense>
        <ExpertList experts={experts} placeholder={query.isPlaceholderData} renderCard={renderCard} />
      </Suspense>
      {query.hasNextPage ? (
        <LoadMoreButton
          shown={experts.length}
          total={total ? formatTotal(total) : String(experts.length)}
          loading={query.isFetchingNextPage}
          onClick={() => query.fetchNextPage()}
        />
      ) : null}
    </div>
  );
}

function ExpertList({ experts, placeholder, renderCard }: { experts: Expert[]; placeholder: boolean; renderCard: (expert: Expert) => ReactNode }) {
  return (
    <ul aria-label="Experts" aria-busy={placeholder} className={cn(gridClass, 'w-full transition-opacity', placeholder && 'opacity-60')}>
      {experts.map((expert) => (
        <li key={expert.id} className={cardItemClass}>
          {renderCard(expert)}
        </li>
      ))}
    </ul>
  );
}
