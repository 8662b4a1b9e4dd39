import type { BoatSnapshot } from '@common/boats';
import type { BookingStatus } from '@common/bookings-status';
import type { Role } from '@common/roles';

// No zod here: the booking's boat card reads these lines, and they are tested on their own.

type Engine = BoatSnapshot['engines'][number];

const hoursText = (hours: number) => `${hours.toLocaleString('en-US')} h`;

/**
 * An engine as the booking's boat card lists it: 'Yamaha F150 2019 · 1,250 h · Gasoline', with 'Engine 2: '
 * before it when there are several; hours the expert recorded on the visit (`recorded`) come first.
 */
export function engineLine(engine: Engine, index: number, count: number, fuelLabel: string, recorded?: number | null): string {
  const name = [engine.make, engine.model, engine.year].filter((part) => part !== null && part !== '').join(' ');
  const booked = engine.hours === null ? null : hoursText(engine.hours);
  const hours =
    recorded !== undefined && recorded !== null
      ? `${hoursText(recorded)} recorded on this visit${booked && recorded !== engine.hours ? ` (${booked} when booked)` : ''}`
      : (booked ?? 'hours not recorded');
  return `${count > 1 ? `Engine ${index + 1}: ` : ''}${name} · ${hours} · ${fuelLabel}`;
}

/** Where the boat is kept: 'Harbor Marina, slip B12', or '' when not said. */
export function homeMarinaLine(boat: Pick<BoatSnapshot, 'homeMarina' | 'slip'>): string {
  return [boat.homeMarina, boat.slip ? `slip ${boat.slip}` : null].filter(Boolean).join(', ');
}

/** The label of an engine's hours field: 'Engine hours' for one engine, 'Engine 2 hours' among several. */
export function engineHoursLabel(index: number, count: number): string {
  return count > 1 ? `Engine ${index + 1} hours` : 'Engine hours';
}

/**
 * Whether the viewer may record the boat's engine hours from the booking: the booking's expert (an expert
 * who is not its owner: anyone else of role expert is not shown the booking at all), while it is confirmed
 * or completed, for a boat with engines. The server decides in the end (403 for the owner and administrators).
 */
export function mayRecordEngineHours(
  booking: { status: BookingStatus; owner: { email: string }; boat: { engines: readonly Engine[] } | null },
  viewer: { role: Role; email: string } | null,
): boolean {
  if (!viewer || viewer.role !== 'expert' || viewer.email.toLowerCase() === booking.owner.email.toLowerCase()) return false;
  return (booking.status === 'confirmed' || booking.status === 'completed') && !!booking.boat && booking.boat.engines.length > 0;
}
