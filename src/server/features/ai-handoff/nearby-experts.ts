import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { experts } from '../../db/schema.js';
import type { NearbyExpert } from '../../../common/ai-handoff.js';
import type { Specialty } from '../../../common/specialties.js';
import type { ServiceType } from '../../../common/roles.js';
import { loadZipCentroids } from '../../geo/zip-centroids.js';
import { distanceMiles } from '../../../common/travel-area.js';
import { expertColumns, toExpert } from '../experts/index.js';

interface Candidate {
  id: number;
  zipCode: string;
  nameKey: string;
  miles: number | null;
}

/** Nearest first; experts whose ZIP code the table does not know come last; then by name and id, so the order is total. */
function byDistance(a: Candidate, b: Candidate): number {
  if (a.miles !== b.miles) {
    if (a.miles === null) return 1;
    if (b.miles === null) return -1;
    return a.miles - b.miles;
  }
  if (a.nameKey !== b.nameKey) return a.nameKey < b.nameKey ? -1 : 1;
  return a.id - b.id;
}

/**
 * The experts a booking form can book for a service (approved, taking bookings, offering it, of the
 * specialty when given), nearest to a ZIP code first, at most `limit`. Separate from the listing so its
 * sorts stay as they are: this reads only id, ZIP code and name of the matching experts, measures each
 * distance against the centroid table and reads the nearest experts' rows by id.
 */
export async function nearbyExperts(
  db: Database,
  query: { serviceType: ServiceType; specialty?: Specialty; zip: string; limit: number },
): Promise<NearbyExpert[]> {
  const zips = await loadZipCentroids();
  const filters = [
    eq(experts.status, 'approved'),
    eq(experts.available, true),
    sql`${query.serviceType} = any(${experts.serviceTypes})`,
    ...(query.specialty ? [eq(experts.specialty, query.specialty)] : []),
  ];
  const rows = await db
    .select({ id: experts.id, zipCode: experts.zipCode, nameKey: sql<string>`lower(${experts.name})` })
    .from(experts)
    .where(and(...filters));
  const nearest = rows
    .map((row) => ({ ...row, miles: zips.milesBetween(query.zip, row.zipCode.slice(0, 5)) }))
    .sort(byDistance)
    .slice(0, query.limit);
  if (nearest.length === 0) return [];
  const full = await db
    .select(expertColumns)
    .from(experts)
    .where(and(inArray(experts.id, nearest.map((c) => c.id)), ...filters));
  const byId = new Map(full.map((row) => [row.id, row]));
  const now = new Date();
  // An expert changed between the two reads (no longer matching) is left out rather than shown stale.
  return nearest.flatMap((candidate) => {
    const row = byId.get(candidate.id);
    return row ? [{ ...toExpert(row, now), distanceMiles: distanceMiles(candidate.miles) }] : [];
  });
}
