/**
 * Expert specialties (docs/PRODUCT.md#expert-listing). The first eight are the listing's filter (value and
 * label); the last three serve the expert application's choices that none of the eight fits (Canvas &
 * Upholstery, Detailing, General Maintenance), so such an expert is labelled truly and can be found.
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

export function specialtyLabel(value: string): string {
  return SPECIALTIES.find((s) => s.value === value)?.label ?? value;
}
