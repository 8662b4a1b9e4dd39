import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Expert, ExpertListQuery } from '@common/experts';
import type { ExpertSearch } from '@common/experts-searches';
import { expertListPath, expertPath, firstExpertPage } from '@common/page-requests';
import { ApiError, apiJson, apiRequest } from '../../lib/api-request';

type ExpertPageRequest = ExpertSearch & Partial<Pick<ExpertListQuery, 'limit' | 'offset' | 'cursor'>>;

export interface ExpertPage {
  experts: Expert[];
  /** The experts matching the search, from `X-Total-Count`. */
  total: number;
  /** The server counted up to its cap and stopped: at least `total` match (`X-Total-Count-Capped`). */
  totalCapped: boolean;
  /** The next page's cursor (`X-Next-Cursor`); null on the last page. */
  nextCursor: string | null;
}

export async function getExperts(params: ExpertPageRequest): Promise<ExpertPage> {
  return readExpertPage(await apiRequest('GET', expertListPath(params)));
}

/** A page of the listing from its answer: the experts, and the count and cursor its headers carry. */
export async function readExpertPage(response: Response): Promise<ExpertPage> {
  const experts = (await response.json()) as Expert[];
  const total = Number.parseInt(response.headers.get('X-Total-Count') ?? '', 10);
  return {
    experts,
    total: Number.isFinite(total) ? total : experts.length,
    totalCapped: response.headers.get('X-Total-Count-Capped') === 'true',
    nextCursor: response.headers.get('X-Next-Cursor'),
  };
}

const EXPERTS = '/api/experts';

/**
 * The experts' query keys. A key is the request's path (the default fetcher of lib/query-client.ts reads
 * it so), and every key under `all` is an answer that a change to an expert, a booking or a review may
 * change (ratings, counts, free times, presence).
 */
export const expertKeys = {
  all: [EXPERTS] as const,
  list: (params: ExpertPageRequest) => [EXPERTS, 'list', params] as const,
  pages: (params: ExpertSearch) => [EXPERTS, 'pages', params] as const,
  detail: (id: string) => [EXPERTS, id] as const,
};

export const expertsQueryOptions = (params: ExpertPageRequest) =>
  queryOptions({
    queryKey: expertKeys.list(params),
    queryFn: () => getExperts(params),
    placeholderData: keepPreviousData,
  });

export function useExperts(params: ExpertPageRequest, enabled = true) {
  return useQuery({ ...expertsQueryOptions(params), enabled });
}

export const infiniteExpertsQueryOptions = (params: ExpertSearch) =>
  infiniteQueryOptions({
    queryKey: expertKeys.pages(params),
    // 'Load more' follows the server's cursor: page 40 costs what page 2 does.
    queryFn: ({ pageParam }) => getExperts({ ...firstExpertPage(params), cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    // Keeps the count and cards on screen while a changed filter loads, instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });

/** The listing in pages of EXPERT_PAGE_SIZE, for 'Load more'. */
export function useInfiniteExperts(params: ExpertSearch) {
  return useInfiniteQuery(infiniteExpertsQueryOptions(params));
}

export function getExpert(id: string) {
  return apiJson<Expert>('GET', expertPath(id));
}

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

export const expertQueryOptions = (id: string) =>
  queryOptions({
    queryKey: expertKeys.detail(id),
    queryFn: () => getExpert(id),
    // A missing expert will not appear by asking again.
    retry: (failureCount, error) => !isNotFound(error) && failureCount < 1,
  });

export function useExpert(id: string) {
  return useQuery(expertQueryOptions(id));
}
