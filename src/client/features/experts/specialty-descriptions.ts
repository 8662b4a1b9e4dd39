import type { Specialty } from '@common/specialties';

/** What each specialty covers, for the profile's Specialization section. */
export const SPECIALTY_DESCRIPTIONS: Record<Specialty, string> = {
  engines:
    'Outboard, inboard, sterndrive and diesel engines: diagnostics, tune-ups, fuel systems, cooling, lower units and repowers.',
  electronics:
    'Chartplotters, radar, sonar, autopilots, VHF and NMEA 2000 networks: installation, integration and troubleshooting.',
  winterization:
    'Lay-up and recommissioning: engine fogging, fuel stabilisation, freshwater and head systems, shrink-wrap and spring start-up.',
  rigging:
    'Standing and running rigging, sails and deck hardware: inspections, re-rigging, tuning and furler service.',
  plumbing:
    'Freshwater, raw-water, bilge, sanitation and holding-tank systems: pumps, hoses, valves, watermakers and leaks.',
  navigation:
    'Navigation systems and seamanship: instrument set-up, compass and GPS calibration, route planning and helm training.',
  hull: 'Hull and structure: fiberglass and gelcoat repair, blisters, transoms, stringers, surveys and bottom work.',
  electrical:
    'AC and DC systems: batteries, charging, inverters, shore power, wiring faults, corrosion and ABYC compliance.',
  canvas: 'Canvas and upholstery: biminis, enclosures, covers, cushions and isinglass, made and repaired to fit.',
  detailing: 'Detailing: wash, compound, polish, wax, ceramic coatings, teak care and interior cleaning.',
  maintenance:
    'General maintenance: scheduled service, inspections, fluid changes, filters, impellers and small repairs that keep a boat ready.',
};

export function specialtyDescription(value: string): string | undefined {
  return SPECIALTY_DESCRIPTIONS[value as Specialty];
}
