import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookingReview, CreateReviewInput, ExpertReview, ReportedReview, ReviewPage } from '@common/reviews';
import { expertReviewsPath, reviewPageSearch } from '@common/page-requests';
import { apiJson } from '../api-request';

type ExpertReviewPage = { reviews: ExpertReview[]; nextCursor: string | null };

/** An expert's public reviews, newest first, a page at a time ('Show more reviews'). */
export const expertReviewsQueryOptions = (expertId: number) =>
  infiniteQueryOptions({
    queryKey: ['/api/experts', String(expertId), 'reviews'],
    queryFn: ({ pageParam }) => apiJson<ReviewPage>('GET', expertReviewsPath(expertId, pageParam)),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
export function useExpertReviews(expertId: number) {
  return useInfiniteQuery(expertReviewsQueryOptions(expertId));
}

const bookingReviewKey = (bookingId: string) => ['/api/bookings', bookingId, 'review'];
export const bookingReviewQueryOptions = (bookingId: string) =>
  queryOptions({
    queryKey: bookingReviewKey(bookingId),
    queryFn: () => apiJson<BookingReview>('GET', `/api/bookings/${encodeURIComponent(bookingId)}/review`),
    staleTime: 0,
  });
export function useBookingReview(bookingId: string, enabled: boolean) {
  return useQuery({ ...bookingReviewQueryOptions(bookingId), enabled });
}

export function useCreateReview(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateReviewInput) => apiJson<BookingReview>('POST', `/api/bookings/${encodeURIComponent(bookingId)}/review`, input),
    onSuccess: async (review) => {
      queryClient.setQueryData(bookingReviewKey(bookingId), review);
      // The expert's figures and reviews, and the dashboard's activity rating, changed.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['/api/experts'] }),
        queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('/api/dashboard') }),
      ]);
    },
  });
}

const WORKSPACE_REVIEWS_KEY = ['/api/workspace/reviews'];
/** The signed-in expert's reviews with their state, a page at a time. */
export function useWorkspaceReviews() {
  return useInfiniteQuery({
    queryKey: WORKSPACE_REVIEWS_KEY,
    queryFn: ({ pageParam }) => apiJson<ExpertReviewPage>('GET', `/api/workspace/reviews${reviewPageSearch(pageParam)}`),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
}

function useWorkspaceReviewAction<Input>(path: (id: number) => string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: Input & { id: number }) => apiJson<ExpertReview>('POST', path(id), input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: WORKSPACE_REVIEWS_KEY }),
        queryClient.invalidateQueries({ queryKey: ['/api/experts'] }),
      ]),
  });
}
export const useReplyToReview = () => useWorkspaceReviewAction<{ reply: string }>((id) => `/api/workspace/reviews/${id}/reply`);
export const useReportReview = () => useWorkspaceReviewAction<{ reason: string }>((id) => `/api/workspace/reviews/${id}/report`);

const REPORTED_KEY = ['/api/admin/reviews/reported'];
export function useReportedReviews() {
  return useQuery({ queryKey: REPORTED_KEY, queryFn: () => apiJson<ReportedReview[]>('GET', '/api/admin/reviews/reported'), staleTime: 0 });
}
export function useModerateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, reason }: { id: number; decision: 'hide' | 'keep'; reason?: string }) =>
      apiJson<ExpertReview>('PUT', `/api/admin/reviews/${id}/${decision}`, decision === 'hide' ? { reason } : undefined),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: REPORTED_KEY }), queryClient.invalidateQueries({ queryKey: ['/api/experts'] })]),
  });
}
