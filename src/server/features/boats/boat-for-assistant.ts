import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { boats } from '../../db/schema.js';
import { AppError } from '../../core/app-error.js';
import type { BoatContext } from '../../ai/provider.js';
import { BOAT_TYPE_LABELS } from '../../../common/bookings-fields.js';
import { ownBoat, type BoatRow } from './boat-record.js';
import { UNKNOWN_BOAT } from './booking-boats.js';

function contextOf(row: BoatRow): BoatContext {
  const engine = row.engines[0];
  return {
    name: row.name,
    type: BOAT_TYPE_LABELS[row.boatType],
    make: row.make,
    model: row.model,
    year: row.year,
    lengthFeet: row.lengthFeet === null ? null : Number(row.lengthFeet),
    propulsion: row.propulsion,
    engine: engine ? { make: engine.make, model: engine.model, year: engine.year, hours: engine.hours, fuel: engine.fuel } : null,
  };
}

/**
 * The boat a new conversation with the assistant is about (docs/PRODUCT.md#ai-assistant): the one the
 * owner chose; with none named (`undefined`), their only boat if they have exactly one; `null` for none.
 */
export async function boatForAssistant(db: Database, ownerId: string, requested: string | null | undefined): Promise<{ id: string; name: string; context: BoatContext } | null> {
  if (requested === null) return null;
  let row: BoatRow | null;
  if (requested === undefined) {
    const own = await db.select().from(boats).where(eq(boats.ownerId, ownerId)).limit(2);
    row = own.length === 1 ? own[0]! : null;
  } else {
    row = await ownBoat(db, ownerId, requested);
    if (!row) throw AppError.onField('boatId', UNKNOWN_BOAT);
  }
  return row && { id: row.id, name: row.name, context: contextOf(row) };
}
