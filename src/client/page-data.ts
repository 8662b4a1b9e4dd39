import type { QueryClient } from '@tanstack/react-query';
import { fromPriceSearch, pageRequests, type PageRequest } from '@common/page-requests';
import { clientConfigQueryOptions } from './features/bookings';
import { aiStatusQueryOptions } from './features/ai';
import { expertQueryOptions, expertsQueryOptions, infiniteExpertsQueryOptions } from './features/experts';
import { expertReviewsQueryOptions } from './features/reviews';

function prefetch(queryClient: QueryClient, request: PageRequest): Promise<void> {
  switch (request.kind) {
    case 'config':
      return queryClient.prefetchQuery(clientConfigQueryOptions());
    case 'ai-status':
      return queryClient.prefetchQuery(aiStatusQueryOptions());
    case 'expert':
      return queryClient.prefetchQuery(expertQueryOptions(request.id));
    case 'expert-reviews':
      return queryClient.prefetchInfiniteQuery(expertReviewsQueryOptions(Number(request.expertId)));
    case 'from-price':
      return queryClient.prefetchQuery(expertsQueryOptions(fromPriceSearch(request.serviceType)));
    case 'expert-pages':
      return queryClient.prefetchInfiniteQuery(infiniteExpertsQueryOptions(request.search));
  }
}

/**
 * Fetches the data the page at this address asks for as it opens (the requests its HTML already
 * preloads, so these pick up answers under way) into the query cache, for the first render to have.
 * Rendered without it, a booking form would be drawn with skeletons and drawn again as each of its
 * answers arrived, and a directory would draw its cards in a second commit: on a phone each redraw is a
 * long task. Settles when all have answered or
 * failed: the page asks a failed one again and shows its error, unless it was a refusal a moment ago
 * (query-client.ts), which it shows as it is.
 */
export function prefetchPageData(queryClient: QueryClient, location: Pick<Location, 'pathname' | 'search'>): Promise<unknown> {
  return Promise.all(pageRequests(location.pathname, new URLSearchParams(location.search)).map((request) => prefetch(queryClient, request)));
}
