/**
 * The booking forms' options and messages. No zod here: a form shows these on its first paint, and
 * its validation schemas (common/booking.ts, and zod with them) load after it is on screen.
 */

/** The boat types of the onsite form (docs/PRODUCT.md#booking-pages). */
export const BOAT_TYPES = ['sailboat', 'powerboat', 'yacht', 'fishing-boat', 'catamaran', 'pontoon', 'other'] as const;
export type BoatType = (typeof BOAT_TYPES)[number];
export const BOAT_TYPE_LABELS: Record<BoatType, string> = {
  sailboat: 'Sailboat',
  powerboat: 'Powerboat',
  yacht: 'Yacht',
  'fishing-boat': 'Fishing Boat',
  catamaran: 'Catamaran',
  pontoon: 'Pontoon',
  other: 'Other',
};

export const MISSING_INFORMATION = 'Please fill in all required fields.';
export const DESCRIPTION_REQUIRED = 'Please describe your marine repair issue';
export const DATE_REQUIRED = 'Please select a preferred date';
