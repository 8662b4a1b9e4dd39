import { normalizeText } from './text-normalization.js';

/**
 * Ways owners say the same thing. When any phrase of a group appears in a question, the group's
 * canonical words are added to the search, so 'cranks but won't fire' finds the no-start articles.
 */
const GROUPS: { phrases: string[]; adds: string }[] = [
  {
    phrases: ['wont start', 'no start', 'doesnt start', 'does not start', 'will not start', 'cant start', 'not starting', 'hard to start', 'cranks but wont fire', 'cranks but wont start', 'turns over but', 'wont fire', 'wont turn over', 'starting problem', 'wont crank', 'dead when i turn the key', 'nothing happens when i turn the key'],
    adds: 'no start wont start cranks',
  },
  { phrases: ['overheat', 'running hot', 'runs hot', 'temp alarm', 'temperature alarm', 'too hot', 'getting hot', 'steam'], adds: 'overheating overheat temperature' },
  { phrases: ['telltale', 'tell tale', 'tell-tale', 'pee stream', 'pee hole', 'peeing', 'pisser', 'water stream', 'little hole', 'no water coming out', 'no water out'], adds: 'telltale tell-tale stream water pump impeller' },
  { phrases: ['bog', 'bogs', 'bogging', 'hesitat', 'stumbl', 'sputter', 'loses power', 'losing power', 'no power', 'lacks power', 'sluggish', 'wont plane', 'cant get on plane'], adds: 'bogging hesitation loses power' },
  { phrases: ['dies', 'stalls', 'stalling', 'cuts out', 'quits', 'shuts off', 'shuts down', 'conks out'], adds: 'stalls dies' },
  { phrases: ['beep', 'alarm', 'buzzer', 'warning horn'], adds: 'alarm beeping warning' },
  { phrases: ['battery dead', 'dead battery', 'wont hold a charge', 'wont hold charge', 'drains', 'battery keeps dying', 'flat battery', 'battery low'], adds: 'battery dead charge' },
  { phrases: ['not charging', 'wont charge', 'alternator', 'charging system'], adds: 'charging alternator' },
  { phrases: ['gps', 'chartplotter', 'chart plotter', 'plotter', 'mfd', 'multifunction display'], adds: 'chartplotter gps' },
  { phrases: ['vhf', 'radio', 'cant hear', 'nobody hears', 'no one can hear', 'mic'], adds: 'vhf radio transmit receive' },
  { phrases: ['fish finder', 'fishfinder', 'depth finder', 'sounder', 'no bottom', 'depth reading'], adds: 'fishfinder transducer sonar depth' },
  { phrases: ['bilge pump', 'bilge keeps', 'pump keeps running', 'pump runs constantly', 'water in the bilge', 'water in bilge'], adds: 'bilge pump float switch' },
  { phrases: ['head', 'toilet', 'marine toilet', 'holding tank'], adds: 'head toilet holding tank' },
  { phrases: ['smell', 'odor', 'odour', 'stink', 'stinks', 'fumes'], adds: 'smell odor' },
  { phrases: ['exhaust in the cabin', 'exhaust smell', 'headache', 'carbon monoxide', 'co detector', 'co alarm'], adds: 'carbon monoxide exhaust' },
  { phrases: ['winterize', 'winterise', 'winterizing', 'lay up', 'layup', 'put away for winter', 'storing for winter', 'storage for the winter', 'freeze', 'freezing'], adds: 'winterization winterize' },
  { phrases: ['spring', 'commission', 'de-winterize', 'dewinterize', 'first start of the season', 'start of the season'], adds: 'spring commissioning season' },
  { phrases: ['chalky', 'dull', 'faded', 'oxidation', 'oxidized', 'oxidised'], adds: 'oxidation gelcoat chalky' },
  { phrases: ['blister', 'blisters', 'osmosis', 'pox'], adds: 'blisters osmosis' },
  { phrases: ['soft spot', 'soft deck', 'spongy', 'flexes'], adds: 'soft deck core' },
  { phrases: ['crack', 'cracks', 'spider'], adds: 'cracks gelcoat' },
  { phrases: ['leak', 'leaking', 'water coming in', 'taking on water', 'seeping', 'drip'], adds: 'leak' },
  { phrases: ['smoke', 'smoking'], adds: 'smoke exhaust' },
  { phrases: ['water in the gas', 'water in gas', 'water in fuel', 'phase separation', 'ethanol', 'e10', 'old gas', 'bad gas', 'stale fuel', 'varnish'], adds: 'fuel ethanol water separator' },
  { phrases: ['prop', 'propeller', 'spun hub', 'vibration', 'vibrates', 'shakes'], adds: 'propeller vibration hub' },
  { phrases: ['trim', 'tilt', 'wont raise', 'wont go up', 'wont go down'], adds: 'tilt trim' },
  { phrases: ['milky', 'water in the lower unit', 'gear oil', 'lower unit'], adds: 'lower unit gear oil' },
  { phrases: ['trailer light', 'tail light', 'brake light', 'turn signal'], adds: 'trailer lights wiring ground' },
  { phrases: ['wheel bearing', 'hub hot', 'bearing', 'bearings'], adds: 'wheel bearings trailer hub' },
  { phrases: ['shore power', 'gfci', 'elci', 'breaker trips', 'tripping'], adds: 'shore power breaker trips' },
  {
    // Corrosion on underwater metal; corrosion alone is as often a battery terminal or a connector.
    phrases: ['zinc', 'zincs', 'anode', 'anodes', 'pitting', 'stray current', 'galvanic', 'electrolysis', 'corroded prop', 'corroded shaft', 'corroded outdrive', 'corroded lower unit', 'corrosion on the prop', 'corrosion on the shaft', 'corrosion on the outdrive', 'corrosion on the lower unit'],
    adds: 'corrosion anodes zincs',
  },
  { phrases: ['furler', 'furling', 'roller furl'], adds: 'furler furling' },
  { phrases: ['shroud', 'stay', 'rigging', 'swage', 'turnbuckle', 'chainplate'], adds: 'standing rigging' },
  { phrases: ['life jacket', 'life vest', 'pfd', 'flare', 'fire extinguisher', 'required equipment', 'coast guard inspection', 'safety check'], adds: 'safety equipment' },
  { phrases: ['black smoke', 'white smoke', 'blue smoke'], adds: 'diesel smoke' },
  { phrases: ['diesel'], adds: 'diesel' },
  { phrases: ['outboard'], adds: 'outboard' },
];

/**
 * A phrase counts where a word starts, so 'mic' is not found in 'michigan' nor 'prop' in 'duoprop'. Longer
 * phrases are stems ('hesitat', 'overheat'); a short one must be the whole word or its plural.
 */
function phrasePattern(phrase: string): RegExp {
  const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(phrase.length <= 4 ? `\\b${escaped}s?\\b` : `\\b${escaped}`);
}

const PATTERNS = GROUPS.map((group) => ({ phrases: group.phrases.map((p) => phrasePattern(normalizeText(p))), adds: group.adds }));

/** The question plus the canonical words of every synonym group it touches. */
export function expandSynonyms(question: string): string {
  const text = normalizeText(question);
  const additions = PATTERNS.filter((group) => group.phrases.some((phrase) => phrase.test(text))).map((g) => g.adds);
  return additions.length ? `${question} ${additions.join(' ')}` : question;
}
