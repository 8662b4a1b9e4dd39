import { and, count, desc, eq, inArray, isNull, lt, lte } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { notifications } from '../../db/schema.js';
import type { MarkNotificationsRead, Notification, NotificationPage, NotificationsQuery, UnreadNotifications } from '../../../common/notifications.js';
import { notificationsQuerySchema } from '../../../common/notifications.js';

type NotificationRow = typeof notifications.$inferSelect;

function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    path: row.path,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

export async function unreadCount(db: Database, userId: string): Promise<UnreadNotifications> {
  const [row] = await db.select({ count: count() }).from(notifications).where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return { count: row?.count ?? 0 };
}

/** The person's own notifications, newest first, a page at a time (`before` the last id of the page before). */
export async function listNotifications(db: Database, userId: string, query: NotificationsQuery): Promise<NotificationPage> {
  const { before, limit } = notificationsQuerySchema.parse(query);
  const rows = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), before ? lt(notifications.id, before) : undefined))
    .orderBy(desc(notifications.id))
    .limit(limit + 1);
  const { count } = await unreadCount(db, userId);
  return { notifications: rows.slice(0, limit).map(toNotification), hasMore: rows.length > limit, unread: count };
}

/**
 * Marks the person's own notifications read: all up to an id (the bell opened, the list seen), or the
 * ones named (one opened). Another person's ids are not theirs to mark and change nothing.
 */
export async function markRead(db: Database, userId: string, input: MarkNotificationsRead, now: Date): Promise<UnreadNotifications> {
  const which = 'upToId' in input ? lte(notifications.id, input.upToId) : inArray(notifications.id, input.ids);
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), which));
  return unreadCount(db, userId);
}
