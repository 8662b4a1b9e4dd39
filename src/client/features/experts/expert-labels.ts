import { formatPrice } from '@common/experts-rules';
import type { Expert } from '@common/experts';

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

export function travelRangeLabel(expert: Pick<Expert, 'serviceRadius'>) {
  return `Travels up to ${expert.serviceRadius} miles`;
}

export const offersVideo = (expert: Pick<Expert, 'serviceTypes'>) => expert.serviceTypes.includes('video');
export const offersOnsite = (expert: Pick<Expert, 'serviceTypes'>) => expert.serviceTypes.includes('onsite');
