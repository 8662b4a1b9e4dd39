import { and, eq, isNull } from 'drizzle-orm';
import { AppError } from '../../core/app-error.js';
import { users } from '../../db/schema.js';
import type { Database } from '../../db/client.js';
import { NOTIFICATION_KIND_RULES, notificationKindSchema, type UnsubscribeLink, type Unsubscribed } from '../../../common/notifications.js';
import { signatureMatches } from './email-preferences.js';
import { readPreferences, savePreferences } from './preferences.js';

const INVALID_LINK = 'This unsubscribe link is not valid. Choose what reaches you in Settings.';

/**
 * Follows a one-click unsubscribe (RFC 8058) or its page's button: that person's e-mails of that one kind
 * stop; the notification centre and their other channels stay as they were. Saying it twice is no error.
 */
export async function unsubscribe(db: Database, secret: string, link: UnsubscribeLink): Promise<Unsubscribed> {
  const kind = notificationKindSchema.safeParse(link.k);
  if (!kind.success || NOTIFICATION_KIND_RULES[kind.data].emailRequired || !signatureMatches(secret, { userId: link.u, kind: kind.data }, link.s)) {
    throw new AppError('NOT_FOUND', INVALID_LINK);
  }
  // An account deleted since the e-mail left gets nothing any more: its link has nothing to change.
  const [account] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, link.u), isNull(users.deletedAt)));
  if (!account) throw new AppError('NOT_FOUND', INVALID_LINK);
  const current = (await readPreferences(db, link.u)).preferences.find((preference) => preference.kind === kind.data)!;
  if (current.email) await savePreferences(db, link.u, [{ ...current, email: false }]);
  return { kind: kind.data, label: NOTIFICATION_KIND_RULES[kind.data].label };
}
