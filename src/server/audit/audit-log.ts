import { asc, and, eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { auditLog, type AUDIT_ACTORS } from '../db/schema.js';

export type AuditActor = (typeof AUDIT_ACTORS)[number];

export interface AuditEntry {
  actorUserId: string | null;
  actorRole: AuditActor;
  action: string;
  entityType: string;
  entityId: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  note?: string | null;
}

/** Records who did what, when, with the record before and after. Call it inside the change's transaction. */
export async function writeAudit(tx: Database, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorUserId: entry.actorUserId,
    actorRole: entry.actorRole,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    note: entry.note ?? null,
  });
}

/** The entries of one record, oldest first. */
export function auditTrail(db: Database, entityType: string, entityId: string) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId)))
    .orderBy(asc(auditLog.id));
}
