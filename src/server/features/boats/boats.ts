import { and, asc, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { boats, maintenanceTasks } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { writeAudit, type AuditActor } from '../../audit/audit-log.js';
import { idempotentWrite } from '../../idempotency/idempotent-write.js';
import { AppError } from '../../core/app-error.js';
import type { ServiceContext } from '../../core/service-context.js';
import { loadZipCentroids } from '../../geo/zip-centroids.js';
import { nextFirstFrost } from '../../geo/first-frost.js';
import { BOAT_LIMITS, BOAT_MESSAGES, type Boat, type BoatForm } from '../../../common/boats.js';
import type { CurrentUser } from '../../../common/user.js';
import { boatAccess, toBoat, type BoatRow } from './boat-record.js';
import { maintenanceDrafts } from './maintenance-templates.js';
import { BOAT_PHOTO_REMOVAL_QUEUE } from './boat-photo.js';
import type { QueuedJob } from '../../jobs/job-queue.js';

/** What the audit log keeps of a boat: the fields an owner edits, not the photo's name. */
function auditBoat(row: BoatRow) {
  const { photoName: _photo, hoursAskedMonth: _asked, ...rest } = row;
  return rest;
}

export async function listBoats(db: Database, user: CurrentUser): Promise<Boat[]> {
  const rows = await db.select().from(boats).where(eq(boats.ownerId, user.id)).orderBy(asc(boats.createdAt), asc(boats.id));
  return rows.map(toBoat);
}

/** The usual first frost near a ZIP code, by the rule of `geo/first-frost.ts`; null without a known ZIP. */
async function firstFrostNear(zip: string | null, today: string): Promise<string | null> {
  if (!zip) return null;
  const centroid = (await loadZipCentroids()).centroid(zip);
  return centroid ? nextFirstFrost(centroid[0], today) : null;
}

/**
 * A new boat with its starting maintenance schedule (from the templates), in one transaction with its
 * audit entry; a retry with the same Idempotency-Key answers the boat the first request made.
 */
export async function createBoat(deps: ServiceContext, user: CurrentUser, form: BoatForm, key?: string): Promise<{ boat: Boat; replayed: boolean }> {
  const today = deps.now().toISOString().slice(0, 10);
  const drafts = maintenanceDrafts(form, today, await firstFrostNear(form.homeZip, today));
  return inTransaction(deps.db, async (tx) => {
    const { answer, replayed } = await idempotentWrite(
      tx,
      { userId: user.id, key, request: ['POST /api/boats', form] },
      async () => {
        const [{ count: owned } = { count: 0 }] = await tx.select({ count: count() }).from(boats).where(eq(boats.ownerId, user.id));
        if (owned >= BOAT_LIMITS.boatsPerOwner) throw new AppError('CONFLICT', BOAT_MESSAGES.tooMany);
        const [row] = await tx
          .insert(boats)
          .values({ ...form, ownerId: user.id, hoursRecordedAt: form.engines.some((e) => e.hours !== null) ? deps.now() : null })
          .returning();
        if (drafts.length) await tx.insert(maintenanceTasks).values(drafts.map((draft) => ({ ...draft, boatId: row!.id })));
        await writeAudit(tx, { actorUserId: user.id, actorRole: 'owner', action: 'boat.create', entityType: 'boat', entityId: row!.id, after: auditBoat(row!) });
        return { id: row!.id, answer: toBoat(row!) };
      },
      async (id) => {
        const [row] = await tx.select().from(boats).where(and(eq(boats.id, id), eq(boats.ownerId, user.id)));
        return row ? toBoat(row) : null;
      },
    );
    return { boat: answer, replayed };
  });
}

export async function updateBoat(deps: ServiceContext, user: CurrentUser, id: string, form: BoatForm): Promise<Boat> {
  return inTransaction(deps.db, async (tx) => {
    const { row: before } = await boatAccess(tx, user, id, { forUpdate: true });
    const hoursChanged = JSON.stringify(form.engines.map((e) => e.hours)) !== JSON.stringify(before.engines.map((e) => e.hours));
    const [after] = await tx
      .update(boats)
      .set({ ...form, ...(hoursChanged ? { hoursRecordedAt: deps.now() } : {}) })
      .where(eq(boats.id, before.id))
      .returning();
    await writeAudit(tx, { actorUserId: user.id, actorRole: 'owner', action: 'boat.update', entityType: 'boat', entityId: before.id, before: auditBoat(before), after: auditBoat(after!) });
    return toBoat(after!);
  });
}

/**
 * Removes a boat from My boats with its schedule and notes. Its bookings keep their snapshot of it (the
 * reference is set to null); the photo is removed by the caller once this has committed.
 */
export async function removeBoat(deps: ServiceContext, user: CurrentUser, id: string): Promise<BoatRow> {
  return inTransaction(deps.db, async (tx) => {
    const { row } = await boatAccess(tx, user, id, { forUpdate: true });
    await tx.delete(boats).where(eq(boats.id, row.id));
    await writeAudit(tx, { actorUserId: user.id, actorRole: 'owner', action: 'boat.remove', entityType: 'boat', entityId: row.id, before: auditBoat(row) });
    return row;
  });
}

/**
 * Records the engine hours (the owner, or the expert of a booking the boat is attached to), in engine
 * order. Hours only go forward here; the owner corrects a mistake in the boat's form.
 */
export async function recordEngineHours(
  tx: Database,
  row: BoatRow,
  hours: number[],
  actor: { userId: string; role: AuditActor },
  now: Date,
): Promise<Boat> {
  if (hours.length !== row.engines.length) {
    throw AppError.onField('hours', row.engines.length ? `Give the hours of each of the boat's ${row.engines.length} engines, in order` : 'This boat has no engines to record hours for');
  }
  hours.forEach((value, index) => {
    const was = row.engines[index]!.hours;
    if (was !== null && value < was) throw AppError.onField(`hours.${index}`, BOAT_MESSAGES.hoursBack);
  });
  const engines = row.engines.map((engine, index) => ({ ...engine, hours: hours[index]! }));
  const [after] = await tx.update(boats).set({ engines, hoursRecordedAt: now }).where(eq(boats.id, row.id)).returning();
  await writeAudit(tx, {
    actorUserId: actor.userId,
    actorRole: actor.role,
    action: 'boat.engine_hours',
    entityType: 'boat',
    entityId: row.id,
    before: { hours: row.engines.map((e) => e.hours) },
    after: { hours },
  });
  return toBoat(after!);
}

/**
 * Inside the transaction that deletes an account: its boats leave with their schedules and notes (the
 * bookings keep their snapshots); their photo files are removed by a job once that has committed.
 */
export async function removeBoatsOf(tx: Database, ownerId: string): Promise<QueuedJob[]> {
  const removed = await tx.delete(boats).where(eq(boats.ownerId, ownerId)).returning({ photoName: boats.photoName });
  return removed.flatMap(({ photoName }) => (photoName ? [{ name: BOAT_PHOTO_REMOVAL_QUEUE, data: { photoName } }] : []));
}
