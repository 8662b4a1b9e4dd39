import type { KbArticle } from '../knowledge-base/article.js';
import { articleStems, stems } from '../knowledge-base/term-stats.js';
import { isFourStroke, type EquipmentDetails } from '../equipment-details.js';
import type { WorkAction, WorkDone } from '../conversation/work-done.js';

/** An article's causes and steps for one owner: in the order their story points to, without what is ruled out. */
export interface NarrowedArticle {
  causes: string[];
  steps: string[];
}

/**
 * Words in an owner's story and the words of the causes they point to: 'sat all winter' points to stale
 * fuel and storage, 'at idle' to the idle circuit.
 */
const cue = (pattern: RegExp, words: string) => ({ pattern, words: new Set(stems(words)) });
const CUES = [
  cue(/\b(winter|sat|sitting|stored|storage|months|last season|laid up|lay ?up)\b/i, 'storage stale old sat sitting varnish ethanol months untreated'),
  cue(/\b(idle|idling|trolling)\b/i, 'idle idling'),
  cue(/\b(load|throttle|wot|accelerat\w*|speed|cruise|planing|plane)\b/i, 'load throttle demand speed cruise'),
  cue(/\b(hot|heat|warm(?:ed)?|after running)\b/i, 'hot heat warm'),
  cue(/\b(cold|morning|first start)\b/i, 'cold choke'),
  cue(/\b(salt|saltwater|brackish)\b/i, 'salt corrosion scale'),
  cue(/\b(rain|wet|washdown|spray)\b/i, 'water wet moisture rain'),
  cue(/\b(click|clicks|clicking)\b/i, 'battery solenoid voltage'),
  cue(/\b(smell|smells|odou?r)\b/i, 'smell odor'),
];

const sentences = (text: string) => text.split(/(?<=\.)\s+(?=[A-Z])/);

/** Sentences written for equipment the owner does not have ('On carbureted engines ...' for an EFI engine). */
function forOtherEquipment(sentence: string, details: EquipmentDetails): boolean {
  if (details.fuelSystem === 'fuel-injected' && /^on carbureted\b|\(carbureted engines?\)/i.test(sentence)) return true;
  if (details.fuelSystem === 'carbureted' && /^on (?:efi|fuel-injected)\b/i.test(sentence)) return true;
  if (isFourStroke(details) && /^on (?:oil-injected )?two-strokes?\b|\((?:on )?(?:oil-injected )?two-strokes?\)|\bon some two-strokes\b/i.test(sentence)) return true;
  if (details.stroke === 'two-stroke' && /\(four-strokes?\)/i.test(sentence)) return true;
  return false;
}

/** The step or cause as it applies to this equipment; empty when none of it does. */
function forThisEquipment(text: string, details: EquipmentDetails): string {
  return sentences(text)
    .filter((sentence) => !forOtherEquipment(sentence, details))
    .join(' ');
}

// Owners say 'gas'; articles say 'fuel'.
const SAME_THING: Record<string, string> = { gas: 'fuel', gasolin: 'fuel' };
// A last word too common to stand for the thing alone: a new 'fuel pump' says nothing about the bilge pump.
const GENERIC = new Set(stems('pump filter line hose switch valve cable wire fuse light oil water fuel system unit part'));

/** The words that stand for a thing done: all of 'primer bulb', or 'bulb' alone, which articles also say. */
function termsOf(work: WorkDone): string[][] {
  const terms = stems(work.item).map((term) => SAME_THING[term] ?? term);
  const head = terms.at(-1);
  return head && terms.length > 1 && !GENERIC.has(head) ? [terms, [head]] : [terms];
}

// The verbs a step starts with for each kind of work: replacing the bulb is done, checking its arrow is not.
const STEP_VERBS: Record<Exclude<WorkAction, 'all'>, Set<string>> = {
  replaced: new Set(stems('replace change renew fit install swap rebuild put')),
  checked: new Set(stems('check inspect test look measure confirm verify try squeeze')),
  cleaned: new Set(stems('clean flush clear drain wash grease')),
};

/** The text is about the thing: one way of naming it appears near the start (a step's first clause). */
function isAbout(text: string, names: string[][], within: number): boolean {
  const head = articleStems(text).slice(0, within);
  return names.some((terms) => terms.length > 0 && terms.every((term) => head.includes(term)));
}

/** The step is the work the owner already did to that thing. */
function stepDone(step: string, work: WorkDone): boolean {
  if (!isAbout(step, termsOf(work), 10)) return false;
  if (work.action === 'all') return true;
  return STEP_VERBS[work.action].has(articleStems(step)[0] ?? '');
}

const mentions = (text: string, terms: string[]) => {
  const words = new Set(articleStems(text));
  return terms.length > 0 && terms.every((term) => words.has(term));
};

/**
 * A cause without what the owner ruled out: 'Cooling water restriction: weeds on the intake, worn impeller,
 * stuck thermostat' loses the impeller and keeps the rest; a cause that is about the impeller goes.
 */
function withoutDone(cause: string, done: string[][][]): string {
  if (done.some((names) => isAbout(cause, names, 12) && !cause.includes(':'))) return '';
  const colon = cause.indexOf(': ');
  if (colon === -1) return cause;
  const head = cause.slice(0, colon);
  const named = (text: string) => done.some((names) => names.some((terms) => mentions(text, terms)));
  if (named(head)) return '';
  const listed = cause
    .slice(colon + 2)
    .replace(/\.$/, '')
    .split(/,\s*(?:or\s+|and\s+)?|;\s*/);
  // 'A, B or C': the last two are separate items too.
  const items = [...listed.slice(0, -1), ...listed.at(-1)!.split(/\s+or\s+/)];
  const kept = items.filter((item) => !named(item));
  if (kept.length === items.length) return cause;
  return kept.length > 0 ? `${head}: ${kept.join(', ')}.` : '';
}

/** How many of the cues in the owner's story the text answers to. */
function relevance(text: string, cues: Set<string>[]): number {
  if (cues.length === 0) return 0;
  const words = articleStems(text);
  return cues.filter((cue) => words.some((word) => cue.has(word))).length;
}

/**
 * Narrows an article to what fits the owner: causes reordered by what their messages point to; causes and
 * steps they already dealt with, or meant for other equipment, left out.
 */
export function narrowArticle(article: KbArticle, owner: { texts: string[]; details: EquipmentDetails; work: WorkDone[] }): NarrowedArticle {
  const ownerText = owner.texts.join('\n');
  const cues = CUES.filter(({ pattern }) => pattern.test(ownerText)).map(({ words }) => words);
  const done = owner.work.map(termsOf);

  const applicable = article.causes.map((cause) => forThisEquipment(cause, owner.details)).filter(Boolean);
  const open = done.length > 0 ? applicable.map((cause) => withoutDone(cause, done)) : applicable;
  const ranked = open
    .map((cause, order) => ({ cause, order, score: relevance(cause, cues) }))
    .filter((r) => r.cause)
    .sort((a, b) => b.score - a.score || a.order - b.order);

  const steps = article.steps.map((step) => forThisEquipment(step, owner.details)).filter(Boolean);
  return { causes: ranked.map((r) => r.cause), steps: steps.filter((step) => !owner.work.some((work) => stepDone(step, work))) };
}
