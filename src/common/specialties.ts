/**
 * Expert specialties. The first eight are the listing filter of document 001 (value and label);
 * the last three appear only in the expert application's choices.
 */
export const SPECIALTIES = [
  { value: 'engines', label: 'Engine Repair' },
  { value: 'electronics', label: 'Marine Electronics' },
  { value: 'winterization', label: 'Winterization' },
  { value: 'rigging', label: 'Rigging & Sails' },
  { value: 'plumbing', label: 'Plumbing Systems' },
  { value: 'navigation', label: 'Navigation Systems' },
  { value: 'hull', label: 'Hull & Structure' },
  { value: 'electrical', label: 'Electrical Systems' },
  { value: 'canvas', label: 'Canvas & Upholstery' },
  { value: 'detailing', label: 'Detailing' },
  { value: 'maintenance', label: 'General Maintenance' },
] as const;

export type Specialty = (typeof SPECIALTIES)[number]['value'];

export const SPECIALTY_VALUES = SPECIALTIES.map((s) => s.value) as [Specialty, ...Specialty[]];

/** The eight specialties the listing's Specialty select offers (after 'All Specialties'). */
export const LISTING_SPECIALTIES = SPECIALTIES.slice(0, 8);

export function specialtyLabel(value: string): string {
  return SPECIALTIES.find((s) => s.value === value)?.label ?? value;
}
