/** What a boat owner has told us about their equipment, read from their messages. */
export interface EquipmentDetails {
  make?: string;
  model?: string;
  year?: number;
  hours?: number;
  /** Mentions of when and where it happens (storage, temperature, load, water). */
  conditions: boolean;
}

const MAKES: [RegExp, string][] = [
  [/\byamaha\b/i, 'Yamaha'],
  [/\bmercruiser\b/i, 'MerCruiser'],
  [/\b(mercury|merc)\b/i, 'Mercury'],
  [/\bsuzuki\b/i, 'Suzuki'],
  [/\bhonda\b/i, 'Honda'],
  [/\bevinrude\b/i, 'Evinrude'],
  [/\bjohnson\b/i, 'Johnson'],
  [/\btohatsu\b/i, 'Tohatsu'],
  [/\bvolvo(\s*penta)?\b/i, 'Volvo Penta'],
  [/\byanmar\b/i, 'Yanmar'],
  [/\bcummins\b/i, 'Cummins'],
  [/\bcaterpillar\b|\bcat\s+c\d/i, 'Caterpillar'],
  [/\bwesterbeke\b/i, 'Westerbeke'],
  [/\bbeta\s+marine\b/i, 'Beta Marine'],
  [/\bgarmin\b/i, 'Garmin'],
  [/\braymarine\b/i, 'Raymarine'],
  [/\bsimrad\b/i, 'Simrad'],
  [/\blowrance\b/i, 'Lowrance'],
  [/\bfuruno\b/i, 'Furuno'],
  [/\bhumminbird\b/i, 'Humminbird'],
  [/\bstandard\s+horizon\b/i, 'Standard Horizon'],
  [/\bicom\b/i, 'Icom'],
  [/\bvictron\b/i, 'Victron'],
  [/\bblue\s+sea\b/i, 'Blue Sea Systems'],
  [/\bjabsco\b/i, 'Jabsco'],
  [/\brule\b(?=.*\bpump\b)/i, 'Rule'],
  [/\bjohnson\s+pump\b/i, 'Johnson Pump'],
];

// Model designations like F150, DF140, BF90, 4.3L, D2-40, 3YM30, E-TEC 115, Verado 300.
const MODEL = /\b((?:F|FL|LF|VF|DF|BF|MF|EF)\d{2,3}[A-Z]?|\d\.\dL?(?:\s?(?:MPI|EFI))?|D\d-\d{2,3}|\d?[A-Z]{2}M\d{2}|(?:verado|optimax|pro\s?xs|e-?tec|g2|seapro|fourstroke|four stroke)\s*\d{0,3}|[A-Z]{1,3}-?\d{3,4}[A-Z]?)\b/i;
const YEAR = /\b(19[6-9]\d|20[0-4]\d)\b/;
const HOURS = /\b(\d{1,5}(?:,\d{3})?)\s*(?:engine\s*)?(?:hours|hrs|hr|h)\b/i;
const CONDITIONS =
  /\b(after (?:winter|storage|sitting|the winter)|sat (?:all|for)|cold|hot|warm(?:ed)? up|at idle|idling|under load|wot|full throttle|rough water|salt ?water|fresh ?water|rain|in gear|at speed|when i (?:hit|accelerate|throttle)|every time|sometimes|intermittent)/i;

export function readEquipmentDetails(texts: string[]): EquipmentDetails {
  const all = texts.join('\n');
  const make = MAKES.find(([pattern]) => pattern.test(all))?.[1];
  const modelMatch = MODEL.exec(all)?.[1];
  const yearMatch = YEAR.exec(all)?.[1];
  const hoursMatch = HOURS.exec(all)?.[1];
  return {
    make,
    model: modelMatch?.trim().toUpperCase().replace(/\s+/g, ' '),
    year: yearMatch ? Number(yearMatch) : undefined,
    hours: hoursMatch ? Number(hoursMatch.replace(',', '')) : undefined,
    conditions: CONDITIONS.test(all),
  };
}

/** 'a 2016 Yamaha F150 with 900 hours' from what is known, or '' when nothing is. */
export function describeEquipment(details: EquipmentDetails): string {
  const name = [details.year, details.make, details.model].filter(Boolean).join(' ');
  const hours = details.hours !== undefined ? `${details.hours.toLocaleString('en-US')} hours` : '';
  if (!name && !hours) return '';
  if (!name) return `an engine with ${hours}`;
  return hours ? `a ${name} with ${hours}` : `a ${name}`;
}

/** The 2-3 questions worth asking back: only about what the owner has not told us yet. */
export function questionsToAsk(details: EquipmentDetails, category: string): string[] {
  const isEngine = category === 'engine' || category === 'maintenance';
  const questions: string[] = [];
  if (!details.make || !details.model) {
    questions.push(
      isEngine
        ? 'What make and model is the engine (for example Yamaha F150 or Mercury 90 FourStroke)?'
        : 'What make and model is the equipment involved?',
    );
  }
  if (!details.year) questions.push('What year is it?');
  if (isEngine && details.hours === undefined) questions.push('About how many engine hours does it have?');
  if (!details.conditions) {
    questions.push('When does it happen: at start-up, at idle, under load, or after it sat for a while, and in salt or fresh water?');
  }
  return questions.slice(0, 3);
}
