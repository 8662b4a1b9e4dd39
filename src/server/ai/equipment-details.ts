import type { AiCategory } from '../../common/ai-rules.js';

/** What kind of equipment a maker's name points to: engines, electronics, electrical gear or pumps. */
export type MakeKind = 'engine' | 'electronics' | 'electrical' | 'pump';

/** What a boat owner has told us about their equipment, read from their messages. */
export interface EquipmentDetails {
  make?: string;
  makeKind?: MakeKind;
  model?: string;
  year?: number;
  hours?: number;
  /** 'four-stroke' or 'two-stroke', as owners name their outboards. */
  stroke?: 'four-stroke' | 'two-stroke';
  /** An outboard, or an engine inside the boat (inboard, sterndrive, diesel), from the words or the maker. */
  drive?: 'outboard' | 'inboard';
  fuelSystem?: 'fuel-injected' | 'carbureted';
  /** The boat itself, as the owner put it: '21 ft bowrider'. */
  boat?: string;
  /** Mentions of when and where it happens (storage, temperature, load, water, the waters it is used on). */
  conditions: boolean;
}

const MAKES: [RegExp, string, MakeKind][] = [
  [/\byamaha\b/i, 'Yamaha', 'engine'],
  [/\bmercruiser\b/i, 'MerCruiser', 'engine'],
  [/\b(mercury|merc)\b/i, 'Mercury', 'engine'],
  [/\bsuzuki\b/i, 'Suzuki', 'engine'],
  [/\bhonda\b/i, 'Honda', 'engine'],
  [/\bevinrude\b/i, 'Evinrude', 'engine'],
  [/\bjohnson\s+pump\b/i, 'Johnson Pump', 'pump'],
  [/\bjohnson\b/i, 'Johnson', 'engine'],
  [/\btohatsu\b/i, 'Tohatsu', 'engine'],
  [/\bvolvo(\s*penta)?\b/i, 'Volvo Penta', 'engine'],
  [/\byanmar\b/i, 'Yanmar', 'engine'],
  [/\bcummins\b/i, 'Cummins', 'engine'],
  [/\bcaterpillar\b|\bcat\s+c\d/i, 'Caterpillar', 'engine'],
  [/\bwesterbeke\b/i, 'Westerbeke', 'engine'],
  [/\bbeta\s+marine\b/i, 'Beta Marine', 'engine'],
  [/\bgarmin\b/i, 'Garmin', 'electronics'],
  [/\braymarine\b/i, 'Raymarine', 'electronics'],
  [/\bsimrad\b/i, 'Simrad', 'electronics'],
  [/\blowrance\b/i, 'Lowrance', 'electronics'],
  [/\bfuruno\b/i, 'Furuno', 'electronics'],
  [/\bhumminbird\b/i, 'Humminbird', 'electronics'],
  [/\bstandard\s+horizon\b/i, 'Standard Horizon', 'electronics'],
  [/\bicom\b/i, 'Icom', 'electronics'],
  [/\bvictron\b/i, 'Victron', 'electrical'],
  [/\bblue\s+sea\b/i, 'Blue Sea Systems', 'electrical'],
  [/\bjabsco\b/i, 'Jabsco', 'pump'],
  [/\brule\b(?=.*\bpump\b)|\brule(?=\s+\d{3,4}\b)/i, 'Rule', 'pump'],
];

const OUTBOARD_MAKERS = new Set(['Yamaha', 'Suzuki', 'Honda', 'Evinrude', 'Johnson', 'Tohatsu']);
const INBOARD_MAKERS = new Set(['MerCruiser', 'Volvo Penta', 'Yanmar', 'Cummins', 'Caterpillar', 'Westerbeke', 'Beta Marine']);
const OUTBOARD = /\boutboards?\b|\btiller\b|\bkicker\b/i;
const INBOARD = /\binboards?\b|\bsterndrives?\b|\bstern drives?\b|\boutdrives?\b|\bi\/o\b|\bdiesels?\b|\bv-?drive\b/i;

const OUTBOARD_MAKES = /\b(yamaha|mercury|merc|suzuki|honda|evinrude|johnson|tohatsu)\s+(\d{1,3})\b(?!\s*(?:hours|hrs|hr|h|years?|yrs?)\b)/i;
// Model designations like F150, DF140, BF90, 4.3L, D2-40, 3YM30, E-TEC 115, Verado 300.
const MODEL =
  /\b((?:F|FL|LF|VF|DF|BF|MF|EF)\d{2,3}[A-Z]?|\d\.\dL?(?:\s?(?:MPI|EFI))?|D\d-\d{2,3}|\d?[A-Z]{2}M\d{2}|(?:verado|optimax|pro\s?xs|e-?tec|g2|seapro)\s*\d{0,3}|[A-Z]{1,3}-?\d{3,4}[A-Z]?)\b/i;
// Words right after a maker's name that look like a model ('Garmin echoMAP 74cv', 'Simrad NSS evo3').
const MODEL_WORD = /^(?=[A-Za-z0-9.-]*\d|[A-Za-z]+[A-Z])[A-Za-z0-9.-]{2,}$/;
// A short designation after a model number: '5.0 GXi', '9.9 EL'.
const MODEL_SUFFIX = /^[A-Za-z]{2,3}$/;
const HORSEPOWER = /\b(\d{1,3}(?:\.\d)?)\s*-?\s*(?:hp|horsepower|horse)\b/i;
const YEAR = /\b(19[6-9]\d|20[0-4]\d)\b/;
const HOURS = /\b(\d{1,5}(?:,\d{3})?)\s*(?:engine\s*)?(?:hours|hrs|hr|h)\b/i;
const FOUR_STROKE = /\b(?:four|4)[- ]?strokes?\b|\bfourstroke\b/i;
const TWO_STROKE = /\b(?:two|2)[- ]?strokes?\b|\btwostroke\b/i;
const FUEL_INJECTED = /\b(?:efi|fuel[- ]injected|fuel injection|injected|dfi|optimax|e-?tec)\b/i;
const CARBURETED = /\b(?:carb|carbs|carbureted|carburetted|carburetor|carburetors|carburettor)\b/i;
const CONDITIONS =
  /\b(after (?:winter|storage|sitting|the winter)|sat (?:all|for)|sitting|stored|(?:kept |stays? |sits? )?(?:outside|outdoors|inside|indoors|on a lift|on a trailer|on a mooring|at a dock|in the water)|cold|hot|warm(?:ed)? up|at idle|idling|under load|wot|full throttle|rough water|salt ?water|fresh ?water|brackish|rain|in gear|at speed|when i (?:hit|accelerate|throttle)|every time|sometimes|intermittent)/i;
// Where the boat is used: lakes, rivers, bays and the coastal states owners name.
const WATERS =
  /\b(?:(?:on|in) (?:the )?(?:lake|river|bay|gulf|sound|chesapeake|great lakes|keys|ocean|atlantic|pacific|ICW|intracoastal)(?: \w+)?|lake \w+|(?:in|around|near) (?:alabama|alaska|california|connecticut|delaware|florida|georgia|hawaii|illinois|indiana|louisiana|maine|maryland|massachusetts|michigan|minnesota|mississippi|new hampshire|new jersey|new york|north carolina|ohio|oregon|pennsylvania|rhode island|south carolina|texas|virginia|washington|wisconsin|the northeast|the south|new england|the midwest))\b/i;
const BOAT_LENGTH = /\b(\d{1,3})\s*(?:-\s*)?(?:ft|foot|feet|footer|')(?=\W|$)/i;
const BOAT_TYPE =
  /\b(bowrider|bow rider|center console|centre console|pontoon|tritoon|sloop|ketch|yawl|cutter|catamaran|cat|trawler|cruiser|sportfish(?:er)?|jon ?boat|skiff|runabout|deck boat|cuddy(?: cabin)?|walkaround|bass boat|ski boat|wake boat|sailboat|daysailer|dinghy|rib|inflatable|houseboat|express cruiser|flybridge|trawler|whaler)\b/i;

/** The parts of a message that only describe the equipment (make, model, year, hours, power, stroke) or when it happens. */
const EQUIPMENT_SPANS = [
  ...MAKES.map(([pattern]) => new RegExp(pattern.source, 'gi')),
  new RegExp(OUTBOARD_MAKES.source, 'gi'),
  new RegExp(MODEL.source, 'gi'),
  new RegExp(HORSEPOWER.source, 'gi'),
  new RegExp(YEAR.source, 'g'),
  new RegExp(HOURS.source, 'gi'),
  new RegExp(FOUR_STROKE.source, 'gi'),
  new RegExp(TWO_STROKE.source, 'gi'),
  new RegExp(CONDITIONS.source, 'gi'),
  new RegExp(WATERS.source, 'gi'),
  new RegExp(BOAT_LENGTH.source, 'gi'),
  new RegExp(BOAT_TYPE.source, 'gi'),
];

export function readEquipmentDetails(texts: string[]): EquipmentDetails {
  const all = texts.join('\n');
  const make = MAKES.find(([pattern]) => pattern.test(all));
  const model =
    MODEL.exec(all)?.[1]?.trim().toUpperCase().replace(/\s+/g, ' ') ?? OUTBOARD_MAKES.exec(all)?.[2] ?? horsepower(all) ?? modelAfterMake(all, make?.[0]);
  const yearMatch = YEAR.exec(all)?.[1];
  const hoursMatch = HOURS.exec(all)?.[1];
  const details: EquipmentDetails = { conditions: CONDITIONS.test(all) || WATERS.test(all) };
  const boat = [BOAT_LENGTH.exec(all)?.[1], BOAT_TYPE.exec(all)?.[1]?.toLowerCase()];
  if (boat[0] || boat[1]) details.boat = [boat[0] && `${boat[0]} ft`, boat[1] ?? 'boat'].filter(Boolean).join(' ');
  if (make) Object.assign(details, { make: make[1], makeKind: make[2] });
  if (model) details.model = model;
  if (yearMatch) details.year = Number(yearMatch);
  if (hoursMatch) details.hours = Number(hoursMatch.replace(',', ''));
  if (FOUR_STROKE.test(all)) details.stroke = 'four-stroke';
  else if (TWO_STROKE.test(all)) details.stroke = 'two-stroke';
  const drive = OUTBOARD.test(all) ? 'outboard' : INBOARD.test(all) ? 'inboard' : make && driveOfMaker(make[1]);
  if (drive) details.drive = drive;
  if (FUEL_INJECTED.test(all)) details.fuelSystem = 'fuel-injected';
  else if (CARBURETED.test(all)) details.fuelSystem = 'carbureted';
  return details;
}

function modelAfterMake(text: string, make: RegExp | undefined): string | undefined {
  const at = make ? new RegExp(make.source, 'i').exec(text) : null;
  if (!at) return undefined;
  const words: string[] = [];
  for (const word of text.slice(at.index + at[0].length).trim().split(/[\s,;!?]+|\.(?=\s|$)/)) {
    const fits = MODEL_WORD.test(word) || (words.length === 1 && /\d/.test(words[0]!) && MODEL_SUFFIX.test(word));
    if (!fits || words.length === 2) break;
    words.push(word);
  }
  return words.length ? words.join(' ') : undefined;
}

function horsepower(text: string): string | undefined {
  const value = HORSEPOWER.exec(text)?.[1];
  return value ? `${value} hp` : undefined;
}

/** Two-stroke advice does not apply: the owner said four-stroke, or has an inboard, sterndrive or diesel. */
export function isFourStroke(details: EquipmentDetails): boolean {
  return details.stroke === 'four-stroke' || details.drive === 'inboard';
}

/** Makers of only outboards, or only engines inside the boat: a page of theirs is no use for the other kind. */
export function driveOfMaker(make: string): EquipmentDetails['drive'] {
  if (OUTBOARD_MAKERS.has(make)) return 'outboard';
  if (INBOARD_MAKERS.has(make)) return 'inboard';
  return undefined;
}

/** The maker a text names, if any ('Yamaha Outboards: owner's manuals' names Yamaha). */
export function makeNamedIn(text: string): string | undefined {
  return MAKES.find(([pattern]) => pattern.test(text))?.[1];
}

/** The message with its equipment details blanked out: what is left says what the message is about. */
export function withoutEquipmentDetails(text: string, model = readEquipmentDetails([text]).model): string {
  const rest = EQUIPMENT_SPANS.reduce((remaining, pattern) => remaining.replace(pattern, ' '), text);
  return model ? rest.split(model).join(' ') : rest;
}

/**
 * 'a 2016 Yamaha F150 four-stroke with 900 hours' from what is known, or '' when nothing names the
 * equipment ('a 1995' alone names nothing).
 */
export function describeEquipment(details: EquipmentDetails): string {
  const named = details.make || details.model || details.stroke;
  const name = named ? [details.year, details.make, details.model, details.stroke].filter(Boolean).join(' ') : '';
  const hours = details.hours !== undefined ? `${details.hours.toLocaleString('en-US')} hours` : '';
  if (!name && !hours) return '';
  if (!name) return `an engine with ${hours}`;
  return hours ? `a ${name} with ${hours}` : `a ${name}`;
}

/** The subjects a maker's equipment can be about: an engine maker's name says nothing about a bilge pump. */
export function makeFits(kind: MakeKind, category: AiCategory): boolean {
  switch (kind) {
    case 'engine':
      return category === 'engine' || category === 'maintenance';
    case 'electronics':
      return category === 'electronics';
    case 'electrical':
      return category === 'electrical';
    case 'pump':
      return category === 'plumbing' || category === 'electrical';
  }
}
