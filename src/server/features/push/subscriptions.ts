import { createECDH } from 'node:crypto';
import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { pushSubscriptions } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { writeAudit } from '../../audit/audit-log.js';
import { AppError } from '../../core/app-error.js';
import { MAX_PUSH_DEVICES, P256DH_INVALID, type PushSubscriptionInput } from '../../../common/push.js';
import { checkEndpointAddress } from './push-endpoint.js';

/** Refuses a p256dh of the right length that is not a point on P-256: no message could be encrypted for it. */
function checkDeviceKey(p256dh: string): void {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(Buffer.from(p256dh, 'base64url'));
  } catch {
    throw AppError.onField('keys.p256dh', P256DH_INVALID);
  }
}

/**
 * Stores the device's subscription for the signed-in user and the session it was made in. An endpoint
 * already stored (the browser subscribed again, or another account signed in on the same browser) moves to
 * this user and session: one browser is one device. Beyond MAX_PUSH_DEVICES, the least recently used of the
 * user's other devices is dropped rather than this one refused: a person who got a new phone wants it to
 * work, and cannot reach the old one to turn it off.
 */
export async function saveSubscription(
  db: Database,
  caller: { userId: string; sessionId: string },
  input: PushSubscriptionInput,
  allowPrivate: boolean,
): Promise<void> {
  checkEndpointAddress(input.endpoint, allowPrivate);
  checkDeviceKey(input.keys.p256dh);
  const keys = { p256dh: input.keys.p256dh.replace(/=+$/, ''), auth: input.keys.auth.replace(/=+$/, '') };
  await inTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({ endpoint: input.endpoint, userId: caller.userId, sessionId: caller.sessionId, ...keys })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId: caller.userId, sessionId: caller.sessionId, ...keys, createdAt: sql`now()`, lastSuccessAt: null },
      })
      .returning({ id: pushSubscriptions.id });
    const kept = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, caller.userId))
      .orderBy(sql`${pushSubscriptions.id} = ${row!.id} desc`, sql`greatest(${pushSubscriptions.createdAt}, ${pushSubscriptions.lastSuccessAt}) desc`, asc(pushSubscriptions.id))
      .limit(MAX_PUSH_DEVICES);
    const dropped = await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, caller.userId), notInArray(pushSubscriptions.id, kept.map((k) => k.id))))
      .returning({ id: pushSubscriptions.id });
    await writeAudit(tx, {
      actorUserId: caller.userId,
      actorRole: 'user',
      action: 'push.subscribed',
      entityType: 'push_subscription',
      entityId: String(row!.id),
      after: { sessionId: caller.sessionId, dropped: dropped.map((d) => d.id) },
    });
  });
}

/**
 * Deletes the device's subscription if it is the caller's. Someone else's endpoint, or one not stored, is
 * left alone and answered the same: a caller learns nothing about endpoints that are not theirs.
 */
export async function deleteSubscription(db: Database, userId: string, endpoint: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [row] = await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)))
      .returning({ id: pushSubscriptions.id });
    if (!row) return;
    await writeAudit(tx, {
      actorUserId: userId,
      actorRole: 'user',
      action: 'push.unsubscribed',
      entityType: 'push_subscription',
      entityId: String(row.id),
    });
  });
}
