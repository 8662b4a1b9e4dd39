import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeedLink, CalendarFeedStatus } from '@common/calendar-feed';
import { apiJson } from '../../lib/api-request';

/** The feed's query key: the request's path, which the default fetcher (lib/query-client.ts) reads. */
export const calendarFeedKeys = { status: ['/api/calendar-feed'] as const };

export function getCalendarFeed() {
  return apiJson<CalendarFeedStatus>('GET', '/api/calendar-feed');
}
export const calendarFeedQueryOptions = () => queryOptions({ queryKey: calendarFeedKeys.status, queryFn: getCalendarFeed });
export function useCalendarFeed() {
  return useQuery(calendarFeedQueryOptions());
}

/** Makes the feed ('Create link') or gives it a new address ('Reset link'); either answers the address, this once. */
export function useMakeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'create' | 'reset') => apiJson<CalendarFeedLink>('POST', action === 'create' ? '/api/calendar-feed' : '/api/calendar-feed/reset'),
    onSuccess: (link) => queryClient.setQueryData<CalendarFeedStatus>(calendarFeedKeys.status, { active: true, createdAt: link.createdAt }),
  });
}
