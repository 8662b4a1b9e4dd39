import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingAiConversation, NearbyExpert, NearbyExpertsQuery } from '@common/ai-handoff';
import { apiJson } from '../../lib/api-request';

export function getNearbyExperts(query: NearbyExpertsQuery) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
  return apiJson<NearbyExpert[]>('GET', `/api/experts/nearby?${search.toString()}`);
}

export const nearbyExpertsQueryOptions = (query: NearbyExpertsQuery) =>
  queryOptions({
    queryKey: ['/api/experts', 'nearby', query],
    queryFn: () => getNearbyExperts(query),
    placeholderData: keepPreviousData,
  });

/** The bookable experts of a service (and specialty) nearest to a ZIP code first; asked only when enabled. */
export function useNearbyExperts(query: NearbyExpertsQuery, enabled: boolean) {
  return useQuery({ ...nearbyExpertsQueryOptions(query), enabled });
}

export function getBookingAiConversation(bookingId: string) {
  return apiJson<BookingAiConversation>('GET', `/api/bookings/${encodeURIComponent(bookingId)}/ai-conversation`);
}

export const bookingAiConversationQueryOptions = (bookingId: string) =>
  queryOptions({
    queryKey: ['/api/bookings', bookingId, 'ai-conversation'],
    queryFn: () => getBookingAiConversation(bookingId),
    // The copy never changes once the booking is made.
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The assistant conversation attached to a booking (null when none). */
export function useBookingAiConversation(bookingId: string) {
  return useQuery(bookingAiConversationQueryOptions(bookingId));
}
