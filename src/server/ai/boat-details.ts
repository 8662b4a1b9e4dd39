import type { AiCategory } from '../../common/ai-rules.js';
import type { BoatContext } from './provider.js';
import { makeFits, readEquipmentDetails, type EquipmentDetails } from './equipment-details.js';

const DRIVE: Record<string, EquipmentDetails['drive']> = { outboard: 'outboard', inboard: 'inboard', sterndrive: 'inboard' };

/** 'Sea Breeze, a 2008 Grady-White 209 (21 ft powerboat) with a 2012 Mercury 90 outboard at 420 hours'. */
export function describeBoat(boat: BoatContext): string {
  const hull = [boat.year, boat.make, boat.model].filter(Boolean).join(' ');
  const size = [boat.lengthFeet ? `${boat.lengthFeet} ft` : null, boat.type.toLowerCase()].filter(Boolean).join(' ');
  const engine = boat.engine
    ? ` with a ${[boat.engine.year, boat.engine.make, boat.engine.model].filter(Boolean).join(' ')} ${boat.propulsion === 'sail' ? 'auxiliary' : boat.propulsion}${
        boat.engine.hours !== null ? ` at ${boat.engine.hours.toLocaleString('en-US')} hours` : ''
      }`
    : '';
  return `${boat.name}, ${hull ? `a ${hull} (${size})` : `a ${size}`}${engine}`;
}

/**
 * The owner's words, completed by their boat (docs/PRODUCT.md#ai-assistant): what the owner says wins; the
 * boat's engine fills the make, model, year and hours only when the question is about an engine, so a
 * question about a chartplotter never cites the outboard's manual.
 */
export function withBoat(details: EquipmentDetails, boat: BoatContext | undefined, category: AiCategory): EquipmentDetails {
  if (!boat) return details;
  const merged: EquipmentDetails = { ...details };
  merged.boat ??= [boat.lengthFeet ? `${boat.lengthFeet} ft` : null, boat.type.toLowerCase()].filter(Boolean).join(' ');
  const engine = boat.engine;
  if (details.make || !engine || !makeFits('engine', category)) return merged;
  const named = readEquipmentDetails([[engine.make, engine.model].filter(Boolean).join(' ')]);
  merged.make = named.make ?? engine.make;
  merged.makeKind = 'engine';
  merged.model ??= named.model ?? engine.model ?? undefined;
  merged.year ??= engine.year ?? undefined;
  merged.hours ??= engine.hours ?? undefined;
  merged.drive ??= DRIVE[boat.propulsion] ?? named.drive;
  return merged;
}

/** The answer's first line on a boat's conversation: which boat it assumed, so the owner can correct it. */
export function boatAssumption(boat: BoatContext): string {
  return `_I have assumed this is about your boat ${describeBoat(boat)}. If it is about other equipment, say so._`;
}
