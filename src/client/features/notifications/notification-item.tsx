import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import type { Notification } from '@common/notifications';
import { formatDateTime } from '../../lib/format';
import { cn } from '../../lib/cn';

/** One notification: a link to its page, marked read as it is followed; an unread one has a dot. */
export function NotificationItem({
  notification,
  onOpen,
  compact = false,
  className,
  onClick,
  ...link
}: { notification: Notification; onOpen: (notification: Notification) => void; compact?: boolean } & Omit<ComponentProps<typeof Link>, 'to'>) {
  const unread = notification.readAt === null;
  // The rest of the props are a menu's (the bell's item), passed through to the link.
  return (
    <Link
      {...link}
      to={notification.path}
      onClick={(event) => {
        onClick?.(event);
        onOpen(notification);
      }}
      className={cn(
        'flex gap-3 rounded-lg px-3 py-2.5 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-navy-500',
        unread && 'bg-navy-50/60',
        className,
      )}
    >
      <span aria-hidden className={cn('mt-1.5 size-2 shrink-0 rounded-full', unread ? 'bg-navy-600' : 'bg-transparent')} />
      <span className="flex min-w-0 flex-col gap-0.5">
        <span className={cn('text-sm text-slate-900', unread ? 'font-semibold' : 'font-medium')}>
          {notification.title}
          {unread ? <span className="sr-only"> (unread)</span> : null}
        </span>
        <span className={cn('text-sm text-slate-600', compact && 'line-clamp-2')}>{notification.body}</span>
        <time dateTime={notification.createdAt} className="text-xs text-slate-500">
          {formatDateTime(notification.createdAt)}
        </time>
      </span>
    </Link>
  );
}
