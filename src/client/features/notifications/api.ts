import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  BELL_NOTIFICATIONS,
  type MarkNotificationsRead,
  type NotificationPage,
  type NotificationPreference,
  type NotificationPreferences,
  type UnreadNotifications,
  type UnsubscribeLink,
  type Unsubscribed,
} from '@common/notifications';
import { apiJson } from '../../lib/api-request';

export const UNREAD_NOTIFICATIONS_KEY = ['/api/notifications/unread'] as const;
const LIST_KEY = ['/api/notifications'] as const;
const PREFERENCES_KEY = ['/api/notification-preferences'] as const;

/** The unread count the bell shows; the live socket keeps it current. */
export function useUnreadNotifications() {
  return useQuery(
    queryOptions({
      queryKey: UNREAD_NOTIFICATIONS_KEY,
      queryFn: () => apiJson<UnreadNotifications>('GET', '/api/notifications/unread'),
      staleTime: Infinity,
    }),
  );
}

/** The latest few, read when the bell opens. */
export function useLatestNotifications(enabled: boolean) {
  return useQuery({
    queryKey: [...LIST_KEY, 'latest'],
    queryFn: () => apiJson<NotificationPage>('GET', `/api/notifications?limit=${BELL_NOTIFICATIONS}`),
    enabled,
  });
}

/** Every notification, newest first, a page at a time. */
export const notificationPagesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...LIST_KEY, 'pages'],
    queryFn: ({ pageParam }) => apiJson<NotificationPage>('GET', `/api/notifications${pageParam ? `?before=${pageParam}` : ''}`),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => (page.hasMore ? page.notifications.at(-1)?.id : undefined),
  });
export function useNotificationPages() {
  return useInfiniteQuery(notificationPagesQueryOptions());
}

/** A change to the person's notifications (one arrived, some read): the lists are read again when next shown. */
export function notificationsChanged(queryClient: QueryClient, unread: UnreadNotifications) {
  queryClient.setQueryData(UNREAD_NOTIFICATIONS_KEY, unread);
  void queryClient.invalidateQueries({ queryKey: LIST_KEY });
}

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (which: MarkNotificationsRead) => apiJson<UnreadNotifications>('POST', '/api/notifications/read', which),
    onSuccess: (unread) => notificationsChanged(queryClient, unread),
  });
}

export function useNotificationPreferences() {
  return useQuery({ queryKey: PREFERENCES_KEY, queryFn: () => apiJson<NotificationPreferences>('GET', '/api/notification-preferences') });
}

export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: NotificationPreference[]) => apiJson<NotificationPreferences>('PUT', '/api/notification-preferences', { preferences }),
    onSuccess: (saved) => queryClient.setQueryData(PREFERENCES_KEY, saved),
  });
}

export function useUnsubscribe() {
  return useMutation({
    mutationFn: (link: UnsubscribeLink) => apiJson<Unsubscribed>('POST', `/api/notifications/unsubscribe?${new URLSearchParams(link)}`, {}),
  });
}
