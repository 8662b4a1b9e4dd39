import { formatPrice } from '@common/experts-rules';
import type { Expert } from '@common/experts';
import { distanceLabel } from '@common/travel-area';

// How an expert's facts and own rates are worded, the same on every screen.

export function videoRateLabel(expert: Pick<Expert, 'videoRate'>) {
  return `${formatPrice(expert.videoRate)} / 30 min`;
}

export function onsiteRateLabel(expert: Pick<Expert, 'onsiteRate'>) {
  return `from ${formatPrice(expert.onsiteRate)}/hr`;
}

export function minimumHoursLabel(expert: Pick<Expert, 'onsiteMinimumHours'>) {
  return `${expert.onsiteMinimumHours}-hour minimum`;
}

export function addressLabel(expert: Pick<Expert, 'city' | 'state' | 'zipCode'>) {
  return `${expert.city}, ${expert.state} ${expert.zipCode}`;
}

/** The address, and how far it is when the listing is near a ZIP code: 'Baltimore, MD 21201 · 26 mi away'. */
export function placeLabel(expert: Pick<Expert, 'city' | 'state' | 'zipCode' | 'distanceMiles'>) {
  return typeof expert.distanceMiles === 'number' ? `${addressLabel(expert)} · ${distanceLabel(expert.distanceMiles)}` : addressLabel(expert);
}

export function travelRangeLabel(expert: Pick<Expert, 'serviceRadius'>) {
  return `Travels up to ${expert.serviceRadius} miles`;
}

export const offersVideo = (expert: Pick<Expert, 'serviceTypes'>) => expert.serviceTypes.includes('video');
export const offersOnsite = (expert: Pick<Expert, 'serviceTypes'>) => expert.serviceTypes.includes('onsite');
