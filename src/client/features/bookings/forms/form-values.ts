import { DEFAULT_ONSITE_HOURS } from '@common/bookings-rules';
import { BOAT_TYPES, MISSING_INFORMATION, type BoatType } from '@common/bookings-fields';

/** What the video forms hold while being filled: every control's text as typed. */
export interface VideoFormValues {
  expertId: string;
  description: string;
  scheduledDate: string;
  preferredTime: string;
}

/** The onsite form: the video fields plus the boat, where it is and who to call. */
export interface OnsiteFormValues extends VideoFormValues {
  boatAddress: string;
  marinaName: string;
  dockSlip: string;
  contactPhone: string;
  emergencyContact: string;
  boatType: BoatType | '';
  boatLength: string;
  estimatedHours: number;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

function draftHours(value: unknown): number {
  const hours = Number(value);
  return Number.isInteger(hours) && hours >= 1 && hours <= 8 ? hours : DEFAULT_ONSITE_HOURS;
}

function draftBoatType(value: unknown): BoatType | '' {
  return (BOAT_TYPES as readonly unknown[]).includes(value) ? (value as BoatType) : '';
}

/** The form's first state: a restored draft's fields, with the expert of the URL winning over the draft's. */
export function videoFormDefaults(draft: Record<string, unknown> | null, urlExpertId: string | null): VideoFormValues {
  return {
    expertId: urlExpertId ?? text(draft?.expertId),
    description: text(draft?.description),
    scheduledDate: text(draft?.scheduledDate),
    preferredTime: text(draft?.preferredTime),
  };
}

export function onsiteFormDefaults(draft: Record<string, unknown> | null, urlExpertId: string | null): OnsiteFormValues {
  return {
    ...videoFormDefaults(draft, urlExpertId),
    boatAddress: text(draft?.boatAddress),
    marinaName: text(draft?.marinaName),
    dockSlip: text(draft?.dockSlip),
    contactPhone: text(draft?.contactPhone),
    emergencyContact: text(draft?.emergencyContact),
    boatType: draftBoatType(draft?.boatType),
    boatLength: text(draft?.boatLength),
    estimatedHours: draftHours(draft?.estimatedHours),
  };
}

/**
 * The message under one field. The schemas say 'Please fill in all required fields.' for every blank
 * required field, which is the toast's text; beside a single field it reads better as 'Required'.
 */
export function fieldMessage(message: string | undefined): string | undefined {
  return message === MISSING_INFORMATION ? 'This field is required.' : message;
}
