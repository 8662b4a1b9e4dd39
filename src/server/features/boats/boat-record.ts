import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { boats } from '../../db/schema.js';
import { AppError } from '../../core/app-error.js';
import { BOAT_MESSAGES, type Boat, type BoatSnapshot } from '../../../common/boats.js';
import type { CurrentUser } from '../../../common/user.js';

export type BoatRow = typeof boats.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function boatNotFound(): AppError {
  return new AppError('NOT_FOUND', BOAT_MESSAGES.notFound);
}

/** The photo's private address: a new photo is a new address, so a browser may keep one for good. */
export function boatPhotoUrl(row: Pick<BoatRow, 'id' | 'photoName'>): string | null {
  return row.photoName ? `/api/boats/${row.id}/photo?v=${row.photoName.slice(0, 12)}` : null;
}

export function toBoat(row: BoatRow): Boat {
  return {
    id: row.id,
    name: row.name,
    boatType: row.boatType,
    make: row.make,
    model: row.model,
    year: row.year,
    lengthFeet: row.lengthFeet === null ? null : Number(row.lengthFeet),
    hullType: row.hullType,
    propulsion: row.propulsion,
    engines: row.engines,
    homeMarina: row.homeMarina,
    slip: row.slip,
    homeZip: row.homeZip,
    photoUrl: boatPhotoUrl(row),
    hoursRecordedAt: row.hoursRecordedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What a booking keeps of its boat (docs/PRODUCT.md#my-boats): no photo, ZIP or hours history. */
export function toSnapshot(row: BoatRow): BoatSnapshot {
  const { id, name, boatType, make, model, year, lengthFeet, hullType, propulsion, engines, homeMarina, slip } = toBoat(row);
  return { id, name, boatType, make, model, year, lengthFeet, hullType, propulsion, engines, homeMarina, slip };
}

/** The boat's engine hours now: the highest of its engines' (twin engines run together), or null. */
export function engineHoursOf(row: Pick<BoatRow, 'engines'>): number | null {
  const known = row.engines.map((e) => e.hours).filter((h): h is number => h !== null);
  return known.length ? Math.max(...known) : null;
}

/**
 * The boat as this user may see it: its owner, or an administrator when `admins` allows reading. Anyone
 * else gets the 404 of an unknown boat (experts see a boat only in the bookings it is attached to).
 */
export async function boatAccess(
  db: Database,
  user: CurrentUser,
  rawId: string,
  options: { forUpdate?: boolean; admins?: boolean } = {},
): Promise<{ row: BoatRow; role: 'owner' | 'admin' }> {
  if (!UUID.test(rawId)) throw boatNotFound();
  const query = db.select().from(boats).where(eq(boats.id, rawId));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (row?.ownerId === user.id) return { row, role: 'owner' };
  if (row && options.admins && user.role === 'admin') return { row, role: 'admin' };
  throw boatNotFound();
}

/** The caller's own boat of this id, or null (a booking or a conversation names one); `forUpdate` locks it. */
export async function ownBoat(db: Database, ownerId: string, rawId: string, options: { forUpdate?: boolean } = {}): Promise<BoatRow | null> {
  if (!UUID.test(rawId)) return null;
  const query = db.select().from(boats).where(and(eq(boats.id, rawId), eq(boats.ownerId, ownerId)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export function isUuid(value: string): boolean {
  return UUID.test(value);
}
