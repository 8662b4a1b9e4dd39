import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { notificationPreferences } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { writeAudit } from '../../audit/audit-log.js';
import { AppError } from '../../core/app-error.js';
import {
  NOTIFICATION_KINDS,
  PREFERENCE_NOT_ADJUSTABLE,
  effectivePreference,
  type NotificationKind,
  type NotificationPreference,
  type NotificationPreferences,
} from '../../../common/notifications.js';

type PreferenceRow = typeof notificationPreferences.$inferSelect;

function effective(rows: PreferenceRow[]): NotificationPreference[] {
  const chosen = new Map(rows.map((row) => [row.kind, row]));
  return NOTIFICATION_KINDS.map((kind) => effectivePreference(kind, chosen.get(kind)));
}

/** Every kind's channels for the person: their own choice, or the kind's defaults. */
export async function readPreferences(db: Database, userId: string): Promise<NotificationPreferences> {
  const rows = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  return { preferences: effective(rows) };
}

/** One kind's channels for each of the people (defaults for those who changed nothing). */
export async function preferencesFor(db: Database, userIds: string[], kind: NotificationKind): Promise<Map<string, NotificationPreference>> {
  const rows = userIds.length
    ? await db
        .select()
        .from(notificationPreferences)
        .where(and(inArray(notificationPreferences.userId, userIds), eq(notificationPreferences.kind, kind)))
    : [];
  const chosen = new Map(rows.map((row) => [row.userId, row]));
  return new Map(userIds.map((id) => [id, effectivePreference(kind, chosen.get(id))]));
}

/**
 * Saves the kinds sent (the others keep theirs), with an audit entry. A channel that cannot change (an
 * invoice's e-mail, a text for a kind that never goes by text) sent changed is a 400: the screen shows them fixed.
 */
export async function savePreferences(db: Database, userId: string, changes: NotificationPreference[]): Promise<NotificationPreferences> {
  for (const change of changes) {
    const fixed = effectivePreference(change.kind, change);
    if (fixed.email !== change.email || fixed.text !== change.text) throw AppError.onField('preferences', PREFERENCE_NOT_ADJUSTABLE);
  }
  return inTransaction(db, async (tx) => {
    const before = await readPreferences(tx, userId);
    for (const { kind, email, push, text } of changes) {
      await tx
        .insert(notificationPreferences)
        .values({ userId, kind, email, push, text })
        .onConflictDoUpdate({ target: [notificationPreferences.userId, notificationPreferences.kind], set: { email, push, text, updatedAt: new Date() } });
    }
    const after = await readPreferences(tx, userId);
    await writeAudit(tx, {
      actorUserId: userId,
      actorRole: 'user',
      action: 'user.notification_preferences',
      entityType: 'user',
      entityId: userId,
      before: { preferences: changed(before, changes) },
      after: { preferences: changed(after, changes) },
    });
    return after;
  });
}

function changed(all: NotificationPreferences, changes: NotificationPreference[]) {
  const kinds = new Set(changes.map((change) => change.kind));
  return all.preferences.filter((preference) => kinds.has(preference.kind));
}
