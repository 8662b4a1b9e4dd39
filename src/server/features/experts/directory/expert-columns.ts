import { compareText, type OrderKey, type SortField, type SortFields } from './sort-orders.js';

/** What the directory keeps of an approved expert: what the listing filters and sorts by. */
export interface DirectoryExpert extends SortFields {
  specialty: string;
  serviceTypes: readonly string[];
  available: boolean;
  /** The database's location_text, and lower(certifications): lower-cased by the database. */
  locationText: string;
  certificationsKey: string;
  /** The first five digits of the expert's ZIP code: where their travel area is measured from. */
  zipCode: string;
  /** Miles the expert travels for an onsite visit. */
  serviceRadius: number;
}

/** [latitude, longitude] of a ZIP code's centroid, or null when unknown. */
export type Centroid = (zip: string) => readonly [number, number] | null;

/**
 * The database's search_text (migration 0001: lower(name || ' ' || specialty || ' ' || city || ' ' || state
 * || ' ' || zip_code || ' ' || certifications)) made of the parts the directory keeps anyway: lower() maps
 * each character alone, so the lowered parts joined are the lowered whole (specialty values are lower
 * case already). Kept as parts, no expert holds a second copy of its text.
 */
export function searchTextOf(expert: Pick<DirectoryExpert, 'nameKey' | 'specialty' | 'locationText' | 'certificationsKey'>): string {
  return `${expert.nameKey} ${expert.specialty} ${expert.locationText} ${expert.certificationsKey}`;
}

export const VIDEO = 1;
export const ONSITE = 2;
export const AVAILABLE = 4;
/** The slot holds an expert (a free slot has no flags). */
export const LIVE = 8;

type NumberField = Exclude<SortField, 'nameKey'>;
const NUMBER_FIELDS: NumberField[] = ['id', 'rating', 'reviewCount', 'experience', 'videoRateCents', 'onsiteRateCents'];

/**
 * The experts' values by slot, one array per field: about 30 bytes an expert besides the three texts,
 * where an object per expert took several times that, and loops over typed arrays stay fast.
 */
export class ExpertColumns {
  capacity = 0;
  readonly numbers = {} as Record<NumberField, Int32Array>;
  specialty = new Uint16Array(0);
  /** LIVE | VIDEO | ONSITE | AVAILABLE. */
  flags = new Uint8Array(0);
  /** The expert's ZIP centroid in degrees (NaN when unknown) and travel radius in miles. */
  latitude = new Float32Array(0);
  longitude = new Float32Array(0);
  radius = new Int32Array(0);
  readonly nameKey: string[] = [];
  readonly locationText: string[] = [];
  readonly certificationsKey: string[] = [];
  /** One copy of each place and list of certifications (many experts share them), and how many slots hold it. */
  private readonly shared = new Map<string, { text: string; holders: number }>();
  /** Specialty values by code, and codes by value. */
  readonly specialties: string[] = [];
  private readonly specialtyCodes = new Map<string, number>();

  constructor(capacity: number) {
    for (const field of NUMBER_FIELDS) this.numbers[field] = new Int32Array(0);
    this.grow(capacity);
  }

  /** Room for `capacity` slots; returns true when the arrays were replaced. */
  grow(capacity: number): boolean {
    if (capacity <= this.capacity) return false;
    const size = Math.max(capacity, Math.ceil(this.capacity * 1.5), 64);
    for (const field of NUMBER_FIELDS) this.numbers[field] = resized(this.numbers[field], new Int32Array(size));
    this.specialty = resized(this.specialty, new Uint16Array(size));
    this.flags = resized(this.flags, new Uint8Array(size));
    this.latitude = resized(this.latitude, new Float32Array(size));
    this.longitude = resized(this.longitude, new Float32Array(size));
    this.radius = resized(this.radius, new Int32Array(size));
    this.capacity = size;
    return true;
  }

  write(slot: number, expert: DirectoryExpert, centroid: Centroid): void {
    const place = centroid(expert.zipCode);
    this.latitude[slot] = place ? place[0] : Number.NaN;
    this.longitude[slot] = place ? place[1] : Number.NaN;
    this.radius[slot] = expert.serviceRadius;
    for (const field of NUMBER_FIELDS) this.numbers[field][slot] = expert[field];
    this.specialty[slot] = this.specialtyCode(expert.specialty);
    this.flags[slot] =
      LIVE |
      (expert.serviceTypes.includes('video') ? VIDEO : 0) |
      (expert.serviceTypes.includes('onsite') ? ONSITE : 0) |
      (expert.available ? AVAILABLE : 0);
    this.nameKey[slot] = expert.nameKey;
    this.locationText[slot] = this.share(expert.locationText);
    this.certificationsKey[slot] = this.share(expert.certificationsKey);
  }

  /** The search text of the expert in the slot (see searchTextOf), made on demand. */
  searchText(slot: number): string {
    return searchTextOf({
      nameKey: this.nameKey[slot]!,
      specialty: this.specialties[this.specialty[slot]!]!,
      locationText: this.locationText[slot]!,
      certificationsKey: this.certificationsKey[slot]!,
    });
  }

  /** The slot holds no expert from now on; its texts are let go (shared ones once no other slot holds them). */
  clear(slot: number): void {
    this.flags[slot] = 0;
    this.latitude[slot] = this.longitude[slot] = Number.NaN;
    this.release(this.locationText[slot]!);
    this.release(this.certificationsKey[slot]!);
    this.nameKey[slot] = this.locationText[slot] = this.certificationsKey[slot] = '';
  }

  /** How many distinct places and lists of certifications are kept. */
  get sharedTexts(): number {
    return this.shared.size;
  }

  /** The copy of a text already kept, or this one from now on. */
  private share(text: string): string {
    const kept = this.shared.get(text);
    if (kept) {
      kept.holders += 1;
      return kept.text;
    }
    this.shared.set(text, { text, holders: 1 });
    return text;
  }

  private release(text: string): void {
    const kept = this.shared.get(text)!;
    kept.holders -= 1;
    if (kept.holders === 0) this.shared.delete(text);
  }

  /** The code of a specialty value; -1 for one no expert has (it matches nobody). */
  codeOf(specialty: string): number {
    return this.specialtyCodes.get(specialty) ?? -1;
  }

  value(slot: number, field: SortField): string | number {
    return field === 'nameKey' ? this.nameKey[slot]! : this.numbers[field][slot]!;
  }

  /** A comparator of slots in the order of `keys`, made for the arrays as they are now (see `grow`). */
  comparator(keys: OrderKey[]): (a: number, b: number) => number {
    const parts = keys.map((key): ((a: number, b: number) => number) => {
      if (key.field === 'nameKey') {
        const names = this.nameKey;
        return key.descending ? (a, b) => compareText(names[b]!, names[a]!) : (a, b) => compareText(names[a]!, names[b]!);
      }
      const values = this.numbers[key.field];
      return key.descending ? (a, b) => values[b]! - values[a]! : (a, b) => values[a]! - values[b]!;
    });
    return parts.reduceRight<(a: number, b: number) => number>((rest, part) => (a, b) => part(a, b) || rest(a, b), () => 0);
  }

  private specialtyCode(specialty: string): number {
    let code = this.specialtyCodes.get(specialty);
    if (code === undefined) {
      code = this.specialties.length;
      this.specialties.push(specialty);
      this.specialtyCodes.set(specialty, code);
    }
    return code;
  }
}

function resized<T extends Int32Array | Uint16Array | Uint8Array | Float32Array>(from: T, to: T): T {
  to.set(from);
  return to;
}
