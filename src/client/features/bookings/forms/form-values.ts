import { DEFAULT_ONSITE_HOURS } from '@common/bookings-rules';
import { BOAT_TYPES, MISSING_INFORMATION, type BoatType } from '@common/bookings-fields';
import type { Boat } from '@common/boats';

/** What the video forms hold while being filled: every control's text as typed. */
export interface VideoFormValues {
  expertId: string;
  description: string;
  scheduledDate: string;
  preferredTime: string;
  /** One of the owner's boats (My Boats), or '' for none. Not in the form's schema: sent beside it. */
  boatId: string;
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
    boatId: text(draft?.boatId),
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

/** The onsite form's fields a boat from My Boats fills. */
export type BoatFilledField = 'boatAddress' | 'boatType' | 'boatLength' | 'marinaName' | 'dockSlip';
export type BoatFilledValues = Pick<OnsiteFormValues, BoatFilledField>;

type FillingBoat = Pick<Boat, 'boatType' | 'lengthFeet' | 'homeMarina' | 'slip' | 'homeZip'>;

/**
 * What a boat from My Boats puts in the onsite form: where it is kept as the address ('Harbor Marina, 21401':
 * the owner adds the street), its type, '32 ft', its home marina and slip.
 */
export function onsiteFieldsOfBoat(boat: FillingBoat): BoatFilledValues {
  return {
    boatAddress: [boat.homeMarina, boat.homeZip].filter(Boolean).join(', '),
    boatType: boat.boatType,
    boatLength: boat.lengthFeet === null ? '' : `${boat.lengthFeet} ft`,
    marinaName: boat.homeMarina ?? '',
    dockSlip: boat.slip ?? '',
  };
}

/**
 * The changes choosing a boat makes to the onsite form. The owner's choice overwrites the five fields; the
 * form's own first choice (from the address, or their only boat) fills only those still blank, so a restored
 * draft keeps what was typed.
 */
export function boatFillChanges(boat: FillingBoat, current: BoatFilledValues, onlyBlanks: boolean): Partial<BoatFilledValues> {
  const filled = onsiteFieldsOfBoat(boat);
  const changes: Partial<BoatFilledValues> = {};
  for (const name of Object.keys(filled) as BoatFilledField[]) {
    if (onlyBlanks && current[name].trim() !== '') continue;
    if (filled[name] !== current[name]) Object.assign(changes, { [name]: filled[name] });
  }
  return changes;
}

/**
 * The boat the form starts with: the one it holds already (a restored draft) or the address's when either
 * is one of the owner's, else their only boat, else none ('').
 */
export function initialBoatChoice(boats: readonly Pick<Boat, 'id'>[], current: string, urlBoatId: string | null): string {
  const own = (id: string | null) => !!id && boats.some((boat) => boat.id === id);
  if (own(current)) return current;
  if (own(urlBoatId)) return urlBoatId!;
  return boats.length === 1 ? boats[0]!.id : '';
}

/**
 * What the booking request carries of the boat: the chosen boat, and the address's maintenance task only
 * while the chosen boat is the address's boat (the task belongs to it).
 */
export function boatPayload(chosenBoatId: string, url: { boatId: string; taskId: string | null } | null): { boatId: string | null; maintenanceTaskId: string | null } {
  const boatId = chosenBoatId || null;
  return { boatId, maintenanceTaskId: boatId && url && url.boatId === boatId ? url.taskId : null };
}

/**
 * The message under one field. The schemas say 'Please fill in all required fields.' for every blank
 * required field, which is the toast's text; beside a single field it reads better as 'Required'.
 */
export function fieldMessage(message: string | undefined): string | undefined {
  return message === MISSING_INFORMATION ? 'This field is required.' : message;
}
