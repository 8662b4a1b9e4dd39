import { and, asc, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { boats, engineHourReadings, maintenanceTasks } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { writeAudit } from '../../audit/audit-log.js';
import { idempotentWrite } from '../../idempotency/idempotent-write.js';
import { AppError } from '../../core/app-error.js';
import type { ServiceContext } from '../../core/service-context.js';
import { loadZipCentroids } from '../../geo/zip-centroids.js';
import { nextFirstFrost } from '../../geo/first-frost.js';
import { BOAT_LIMITS, BOAT_MESSAGES, type Boat, type BoatForm, type Engine } from '../../../common/boats.js';
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

const sameEngine = (a: Engine, b: Engine) => a.make.trim().toLowerCase() === b.make.trim().toLowerCase() && (a.model ?? '') === (b.model ?? '');

/**
 * The form keeps an engine's hours from going down (or blank): lowering them is a correction, which says
 * why. An engine of another make or model at that place is a new engine, with hours of its own.
 */
function refuseHoursGoingDown(before: BoatRow, form: BoatForm) {
  form.engines.forEach((engine, index) => {
    const was = before.engines[index];
    if (!was || was.hours === null || !sameEngine(was, engine)) return;
    if (engine.hours === null || engine.hours < was.hours) throw AppError.onField(`engines.${index}.hours`, BOAT_MESSAGES.hoursBackInForm);
  });
}

export async function updateBoat(deps: ServiceContext, user: CurrentUser, id: string, form: BoatForm): Promise<Boat> {
  return inTransaction(deps.db, async (tx) => {
    const { row: before } = await boatAccess(tx, user, id, { forUpdate: true });
    refuseHoursGoingDown(before, form);
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
 * Removes a boat from My Boats with its schedule and notes. Its bookings keep their snapshot of it (the
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

/** Who gives a reading of the engine hours: the owner, or the expert of a booking (with its id and their name). */
export type HoursReader = { userId: string; role: 'owner' } | { userId: string; role: 'expert'; bookingId: string; expertName: string };

/**
 * Records the engine hours in engine order, with a reading in the boat's history beside what it replaced.
 * Hours go forward, except in the owner's correction, which says why (docs/PRODUCT.md#my-boats). The
 * caller holds the boat's row lock.
 */
export async function recordEngineHours(
  tx: Database,
  row: BoatRow,
  input: { hours: number[]; correction?: boolean; note?: string | null },
  reader: HoursReader,
  now: Date,
): Promise<Boat> {
  const { hours } = input;
  const correction = reader.role === 'owner' && input.correction === true;
  if (hours.length !== row.engines.length) {
    throw AppError.onField('hours', row.engines.length ? `Give the hours of each of the boat's ${row.engines.length} engines, in order` : 'This boat has no engines to record hours for');
  }
  if (!correction) {
    hours.forEach((value, index) => {
      const was = row.engines[index]!.hours;
      if (was !== null && value < was) throw AppError.onField(`hours.${index}`, BOAT_MESSAGES.hoursBack);
    });
  }
  const previous = row.engines.map((e) => e.hours);
  const engines = row.engines.map((engine, index) => ({ ...engine, hours: hours[index]! }));
  const [after] = await tx.update(boats).set({ engines, hoursRecordedAt: now }).where(eq(boats.id, row.id)).returning();
  const note = correction ? (input.note ?? null) : null;
  await tx.insert(engineHourReadings).values({
    boatId: row.id,
    hours,
    previous,
    recordedBy: reader.role,
    bookingId: reader.role === 'expert' ? reader.bookingId : null,
    expertName: reader.role === 'expert' ? reader.expertName : null,
    correction,
    note,
    createdAt: now,
  });
  await writeAudit(tx, {
    actorUserId: reader.userId,
    actorRole: reader.role,
    action: correction ? 'boat.engine_hours_correction' : 'boat.engine_hours',
    entityType: 'boat',
    entityId: row.id,
    before: { hours: previous },
    after: { hours, ...(reader.role === 'expert' ? { bookingId: reader.bookingId } : {}) },
    note: note ?? undefined,
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
