import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookingReview, CreateReviewInput, ExpertReview, ReportedReview, ReviewPage } from '@common/reviews';
import { expertReviewsPath, reviewPageSearch } from '@common/page-requests';
import { apiJson } from '../../lib/api-request';
import { allDashboardQueries } from '../dashboard';
import { expertKeys } from '../experts';

/** The reviews' query keys: each the request's path, which the default fetcher (lib/query-client.ts) reads. */
export const reviewKeys = {
  /** Under the expert's own key: a change to the expert's figures refreshes their reviews too. */
  ofExpert: (expertId: number) => ['/api/experts', String(expertId), 'reviews'] as const,
  ofBooking: (bookingId: string) => ['/api/bookings', bookingId, 'review'] as const,
  workspace: ['/api/workspace/reviews'] as const,
  reported: ['/api/admin/reviews/reported'] as const,
};

type ExpertReviewPage = { reviews: ExpertReview[]; nextCursor: string | null };

/** An expert's public reviews, newest first, a page at a time ('Show more reviews'). */
export const expertReviewsQueryOptions = (expertId: number) =>
  infiniteQueryOptions({
    queryKey: reviewKeys.ofExpert(expertId),
    queryFn: ({ pageParam }) => apiJson<ReviewPage>('GET', expertReviewsPath(expertId, pageParam)),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
export function useExpertReviews(expertId: number) {
  return useInfiniteQuery(expertReviewsQueryOptions(expertId));
}

export const bookingReviewQueryOptions = (bookingId: string) =>
  queryOptions({
    queryKey: reviewKeys.ofBooking(bookingId),
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
      queryClient.setQueryData(reviewKeys.ofBooking(bookingId), review);
      // The expert's figures and reviews, and the dashboard's activity rating, changed.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: expertKeys.all }),
        queryClient.invalidateQueries(allDashboardQueries),
      ]);
    },
  });
}

/** The signed-in expert's reviews with their state, a page at a time. */
export function useWorkspaceReviews() {
  return useInfiniteQuery({
    queryKey: reviewKeys.workspace,
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
        queryClient.invalidateQueries({ queryKey: reviewKeys.workspace }),
        queryClient.invalidateQueries({ queryKey: expertKeys.all }),
      ]),
  });
}
export const useReplyToReview = () => useWorkspaceReviewAction<{ reply: string }>((id) => `/api/workspace/reviews/${id}/reply`);
export const useReportReview = () => useWorkspaceReviewAction<{ reason: string }>((id) => `/api/workspace/reviews/${id}/report`);

export function useReportedReviews() {
  return useQuery({ queryKey: reviewKeys.reported, queryFn: () => apiJson<ReportedReview[]>('GET', '/api/admin/reviews/reported'), staleTime: 0 });
}
export function useModerateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, reason }: { id: number; decision: 'hide' | 'keep'; reason?: string }) =>
      apiJson<ExpertReview>('PUT', `/api/admin/reviews/${id}/${decision}`, decision === 'hide' ? { reason } : undefined),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: reviewKeys.reported }), queryClient.invalidateQueries({ queryKey: expertKeys.all })]),
  });
}
