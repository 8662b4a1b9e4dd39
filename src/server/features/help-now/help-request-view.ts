import type { helpRequests } from '../../db/schema.js';
import type { BoatSnapshot } from '../../../common/boats.js';
import { centsToDecimal } from '../../../common/experts-rules.js';
import type { HelpRequest } from '../../../common/help-now.js';

export type HelpRequestRow = typeof helpRequests.$inferSelect;

/** 'Sea Breeze, 2019 Boston Whaler Outrage, 23 ft' */
export function boatLine(boat: BoatSnapshot | null): string | null {
  if (!boat) return null;
  const made = [boat.year, boat.make, boat.model].filter(Boolean).join(' ');
  return [boat.name, made, boat.lengthFeet ? `${boat.lengthFeet} ft` : null].filter(Boolean).join(', ');
}

/** Where the owner said the boat is, in words. */
export function placeLine(row: Pick<HelpRequestRow, 'latitude' | 'longitude' | 'accuracyMeters' | 'marina' | 'zipCode'>): string {
  if (row.latitude !== null && row.longitude !== null) {
    return `Within ${row.accuracyMeters ?? 0} m of ${row.latitude.toFixed(4)}, ${row.longitude.toFixed(4)}`;
  }
  return [row.marina, row.zipCode].filter(Boolean).join(', ');
}

export function toHelpRequest(
  row: HelpRequestRow,
  extra: { expertsRung: number; expertName: string | null; firstPriceCents: number | null; minutePriceCents: number | null },
): HelpRequest {
  return {
    id: row.id,
    status: row.status,
    specialty: row.specialty as HelpRequest['specialty'],
    problem: row.problem,
    boatName: row.boatSnapshot?.name ?? null,
    place: placeLine(row),
    zipCode: row.zipCode,
    hasPhoto: row.photoName !== null,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    expertsRung: extra.expertsRung,
    bookingId: row.bookingId,
    expertName: extra.expertName,
    firstPrice: extra.firstPriceCents === null ? null : centsToDecimal(extra.firstPriceCents),
    minutePrice: extra.minutePriceCents === null ? null : centsToDecimal(extra.minutePriceCents),
  };
}
