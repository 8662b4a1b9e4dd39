import type { Notification } from '@common/notifications';
import { Button } from '../../components/ui/button';
import { LoadFailed } from '../../components/ui/load-failed';
import { Spinner } from '../../components/ui/spinner';
import { Card, CardContent } from '../../components/ui/card';
import { useHydrated } from '../../lib/use-hydrated';
import { useMarkNotificationsRead, useNotificationPages } from './api';
import { NotificationItem } from './notification-item';

/** Every notification, newest first, each linked to its page; older ones a page at a time. */
export function NotificationList() {
  const query = useNotificationPages();
  const markRead = useMarkNotificationsRead();
  const hydrated = useHydrated();
  const pages = query.data?.pages ?? [];
  const notifications = pages.flatMap((page) => page.notifications);
  const unread = pages[0]?.unread ?? 0;
  const opened = (notification: Notification) => {
    if (notification.readAt === null) markRead.mutate({ ids: [notification.id] });
  };

  if (query.isPending) return <Spinner label="Loading your notifications" className="py-16" />;
  if (query.isError) return <LoadFailed what="your notifications" onRetry={() => void query.refetch()} />;
  if (notifications.length === 0) {
    return (
      <Card>
        <CardContent className="py-10 text-center text-slate-600">
          Nothing yet. Booking requests and changes, messages, invoices and maintenance reminders will show here.
        </CardContent>
      </Card>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600" aria-live="polite">
          {unread === 0 ? 'All read' : unread === 1 ? '1 unread' : `${unread} unread`}
        </p>
        {unread > 0 ? (
          <Button variant="outline" size="sm" disabled={!hydrated || markRead.isPending} onClick={() => markRead.mutate({ upToId: notifications[0]!.id })}>
            Mark all as read
          </Button>
        ) : null}
      </div>
      <Card>
        <CardContent className="p-1 sm:p-2">
          <ul className="flex flex-col divide-y divide-slate-100">
            {notifications.map((notification) => (
              <li key={notification.id}>
                <NotificationItem notification={notification} onOpen={opened} />
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
      {query.hasNextPage ? (
        <Button variant="outline" className="self-center" disabled={!hydrated || query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          {query.isFetchingNextPage ? 'Loading...' : 'Load older'}
        </Button>
      ) : null}
    </div>
  );
}
