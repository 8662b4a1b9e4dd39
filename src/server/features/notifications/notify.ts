import type { Database } from '../../db/client.js';
import { notifications } from '../../db/schema.js';
import type { NotificationKind } from '../../../common/notifications.js';

/** One event as it reaches one person (docs/PRODUCT.md#notifications). */
export interface Notice {
  userId: string;
  kind: NotificationKind;
  /** A line: 'New booking request #1001'. */
  title: string;
  /** A sentence or two: what happened, and to what. */
  body: string;
  /** The page that shows it, a path on this site. */
  path: string;
}

/**
 * The one way an event reaches people: inside the event's own transaction, so a notice exists exactly when
 * the event does. Each is written to its recipient's notification centre; the database announces it to their
 * open pages once the transaction commits (migration 0025_notifications). E-mails are written by each
 * feature and follow the same preferences as they leave (email-preferences.ts).
 */
export async function notify(tx: Database, notices: Notice[]): Promise<void> {
  if (notices.length === 0) return;
  await tx.insert(notifications).values(notices.map(({ userId, kind, title, body, path }) => ({ userId, kind, title, body, path })));
}
