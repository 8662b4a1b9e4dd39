import type { Boat } from '@common/boats';
import { BOAT_TYPE_LABELS } from '@common/bookings-fields';

// No zod here: the booking forms and the assistant show boats by these on their first paint.

/** What names a boat: the live record, or the copy a booking keeps. */
export type BoatNaming = Pick<Boat, 'name' | 'year' | 'make' | 'model'>;

/** '2012 Grady-White 209', or '' when none of the three is known. */
export function boatModelLine(boat: Pick<Boat, 'year' | 'make' | 'model'>): string {
  return [boat.year, boat.make, boat.model].filter((part) => part !== null && part !== '').join(' ');
}

/** 'Sea Breeze · 2012 Grady-White 209'; just the name when the rest is not known. */
export function boatLabel(boat: BoatNaming): string {
  const model = boatModelLine(boat);
  return model ? `${boat.name} · ${model}` : boat.name;
}

/** '20.5 ft', '20 ft'. */
export function formatFeet(feet: number): string {
  return `${feet.toLocaleString('en-US', { maximumFractionDigits: 1 })} ft`;
}

/** A card's second line: 'Powerboat · 20.5 ft'. */
export function boatKindLine(boat: Pick<Boat, 'boatType' | 'lengthFeet'>): string {
  return [BOAT_TYPE_LABELS[boat.boatType], boat.lengthFeet !== null ? formatFeet(boat.lengthFeet) : null].filter(Boolean).join(' · ');
}

/** Where the boat is kept: 'Harbor Marina, slip B12 · 02108', or '' when not said. */
export function boatWhereLine(boat: Pick<Boat, 'homeMarina' | 'slip' | 'homeZip'>): string {
  const place = [boat.homeMarina, boat.slip ? `slip ${boat.slip}` : null].filter(Boolean).join(', ');
  return [place, boat.homeZip].filter(Boolean).join(' · ');
}

/** '1,250 h'. */
export function formatHours(hours: number): string {
  return `${hours.toLocaleString('en-US')} h`;
}

/** An engine as a list names it: 'Engine 1: Yamaha F150'. */
export function engineName(engine: Pick<Boat['engines'][number], 'make' | 'model'>, index: number): string {
  return `Engine ${index + 1}: ${[engine.make, engine.model].filter(Boolean).join(' ')}`;
}
