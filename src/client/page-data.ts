import type { QueryClient } from '@tanstack/react-query';
import { fromPriceSearch, pageRequests, type PageRequest } from '@common/page-requests';
import type { PageAnswer } from '@common/page-render';
import { clientConfigQueryOptions } from './features/bookings';
import { aiStatusQueryOptions } from './features/ai';
import { expertQueryOptions, expertsQueryOptions, infiniteExpertsQueryOptions, readExpertPage } from './features/experts';
import { expertReviewsQueryOptions } from './features/reviews';


/**
 * Fetches one request's data into the query cache, or, given the server's answer to it, reads it from
 * that: one mapping from a request to its query, for the browser and for the server's render.
 */
function prefetch(queryClient: QueryClient, request: PageRequest, answer?: Response): Promise<void> {
  // `answered(options)`: the options, reading the answer given instead of fetching (the reader gives what
  // the options' own fetcher would).
  const answered = <T extends object>(options: T, read: (response: Response) => Promise<unknown> = (response) => response.json()): T =>
    answer ? ({ ...options, queryFn: () => read(answer) } as T) : options;
  switch (request.kind) {
    case 'config':
      return queryClient.prefetchQuery(answered(clientConfigQueryOptions()));
    case 'ai-status':
      return queryClient.prefetchQuery(answered(aiStatusQueryOptions()));
    case 'expert':
      return queryClient.prefetchQuery(answered(expertQueryOptions(request.id)));
    case 'expert-reviews':
      return queryClient.prefetchInfiniteQuery(answered(expertReviewsQueryOptions(Number(request.expertId))));
    case 'from-price':
      return queryClient.prefetchQuery(answered(expertsQueryOptions(fromPriceSearch(request.serviceType)), readExpertPage));
    case 'expert-pages':
      return queryClient.prefetchInfiniteQuery(answered(infiniteExpertsQueryOptions(request.search), readExpertPage));
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

/** Takes the server's answers to a page's requests into the query cache, for its render on the server. */
export function takePageAnswers(queryClient: QueryClient, answers: readonly PageAnswer[]): Promise<unknown> {
  return Promise.all(answers.map(({ request, response }) => prefetch(queryClient, request, response)));
}
