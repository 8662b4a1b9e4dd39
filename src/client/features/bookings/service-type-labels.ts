import { Video, Wrench, type LucideIcon } from 'lucide-react';
import type { ServiceType } from '@common/roles';

export const SERVICE_TYPE_LABELS: Record<ServiceType, string> = {
  video: 'Video Consultation',
  onsite: 'Onsite Service',
};

export const SERVICE_TYPE_ICONS: Record<ServiceType, LucideIcon> = {
  video: Video,
  onsite: Wrench,
};

/** The expert's button that finishes a booking once it has started: an onsite visit's also bills its hours and parts. */
export const FINISH_LABELS: Record<ServiceType, string> = {
  video: 'Mark completed',
  onsite: 'Complete and invoice',
};

/** '30 minutes', '1 hour', '3 hours'. */
export function durationLabel(minutes: number): string {
  if (minutes < 60 || minutes % 60 !== 0) return `${minutes} minutes`;
  const hours = minutes / 60;
  return hours === 1 ? '1 hour' : `${hours} hours`;
}
