import { useState } from 'react';
import { Link } from 'react-router';
import { Bell } from 'lucide-react';
import type { Notification } from '@common/notifications';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '../../components/ui/dropdown-menu';
import { Spinner } from '../../components/ui/spinner';
import { CountBadge } from '../../components/ui/count-badge';
import { useLatestNotifications, useMarkNotificationsRead, useUnreadNotifications } from './api';
import { useNotificationsLive } from './use-notifications-live';
import { NotificationItem } from './notification-item';

const countLabel = (count: number) => (count === 1 ? '1 unread notification' : `${count} unread notifications`);

/**
 * The header's bell (docs/PRODUCT.md#notifications): the unread count, live, and the latest ten when opened.
 * Following one marks it read; 'Mark all as read' marks every one up to the newest shown.
 */
export function NotificationBell() {
  useNotificationsLive();
  const [open, setOpen] = useState(false);
  const unread = useUnreadNotifications().data?.count ?? 0;
  const latest = useLatestNotifications(open);
  const markRead = useMarkNotificationsRead();
  const shown = latest.data?.notifications ?? [];
  const opened = (notification: Notification) => {
    if (notification.readAt === null) markRead.mutate({ ids: [notification.id] });
  };

  return (
    <DropdownMenu open={open} onOpenChange={setOpen} modal={false}>
      <DropdownMenuTrigger
        className="relative flex size-9 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-navy-500"
        aria-label={unread > 0 ? `Notifications, ${countLabel(unread)}` : 'Notifications'}
      >
        <Bell aria-hidden className="size-5" />
        <CountBadge count={unread} className="-right-1 -top-1" testId="notification-count" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-[min(22rem,calc(100vw-1rem))] p-0">
        <DropdownMenuLabel className="px-3 py-2.5 text-sm font-semibold text-slate-900">Notifications</DropdownMenuLabel>
        <DropdownMenuSeparator className="my-0" />
        <div className="max-h-[min(28rem,70vh)] overflow-y-auto p-1">
          {latest.isPending ? (
            <Spinner label="Loading notifications" className="py-6" />
          ) : latest.isError ? (
            <p className="px-3 py-4 text-sm text-slate-600">Notifications could not be loaded. Please try again.</p>
          ) : shown.length === 0 ? (
            <p className="px-3 py-4 text-sm text-slate-600">Nothing yet. Bookings, messages and invoices will show here.</p>
          ) : (
            shown.map((notification) => (
              <DropdownMenuItem key={notification.id} asChild className="p-0">
                <NotificationItem notification={notification} onOpen={opened} compact />
              </DropdownMenuItem>
            ))
          )}
        </div>
        <DropdownMenuSeparator className="my-0" />
        <div className="flex items-center justify-between gap-1 p-1">
          <DropdownMenuItem asChild className="font-medium text-navy-700">
            <Link to="/notifications">See all notifications</Link>
          </DropdownMenuItem>
          {unread > 0 && shown[0] ? (
            <DropdownMenuItem
              className="font-medium text-navy-700"
              onSelect={(event) => {
                // The menu stays open to show them read.
                event.preventDefault();
                markRead.mutate({ upToId: shown[0]!.id });
              }}
            >
              Mark all as read
            </DropdownMenuItem>
          ) : null}
        </div>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
