import { readEquipmentDetails, withoutEquipmentDetails, type EquipmentDetails } from '../equipment-details.js';
import { stems } from '../knowledge-base/term-stats.js';
import { readOwnerAsks, type OwnerAsk } from './owner-asks.js';
import { readWorkDone, withoutWorkDone, type WorkDone } from './work-done.js';

/** One message of the owner, read for what it is about and what it adds to the conversation. */
export interface OwnerMessage {
  /** As written, without the '[Image uploaded] ' prefix a photo's message carries. */
  text: string;
  details: EquipmentDetails;
  work: WorkDone[];
  asks: Set<OwnerAsk>;
  /** What to search the knowledge base with: the message without its reports of work done. */
  searchText: string;
  /** Stems of the words that name a subject: no equipment details, conditions, work done or talk. */
  subjectStems: string[];
  /** Tells something about the equipment, the boat, when it happens or what was done: answers to our questions. */
  addsDetails: boolean;
  /** Points back at something said before ('it', 'that', 'the same'). */
  refersBack: boolean;
  /** Names a thing of its own: a word of subject after 'the', 'my', 'a' ('the windlass', 'my fridge'). */
  namesThing: boolean;
  /** Says it is about something else ('another question', 'unrelated'). */
  changesSubject: boolean;
  /** Says it goes back to an earlier subject ('back to', 'going back to'). */
  goesBack: boolean;
}

export const PHOTO_PREFIX = '[Image uploaded] ';
const PHOTO_WITHOUT_DESCRIPTION = 'Please analyze this image';

// Words of conversation rather than subject: a message made only of these (and equipment details) adds to
// the subject already being discussed.
const TALK = new Set(
  stems(
    `already still now also just again yet anyway though actually maybe might could should would think guess wonder wondering
    new fresh brand replaced replace changed change checked check cleaned clean tried try tested test swapped installed rebuilt
    flushed drained bled tightened put added serviced restart restarted reboot rebooted reset power cycled updated inspected adjusted done did doing fixed fix repair repaired
    cost costs price much expensive cheap afford quote estimate ballpark budget labor labour parts
    safe unsafe dangerous danger risk risky hazard mechanic technician professional pro shop dealer dealership yard rigger electrician surveyor
    myself yourself diy own
    year years old older model make brand type version size horsepower stroke
    thanks thank ok okay great cool perfect awesome cheers sure right yes yeah yep no nope
    happens happen happened happening works work working worked nothing something everything same way sort kind
    one ones bit little lot more less big small job deal last first next long far soon before after ago since until once twice
    tell told said say know mean see saw look looks looked seem seems seemed help question answer
    day days week weeks month months season summer winter spring fall morning night
    only even ever never always usually sometimes often again back earlier before previous other another different unrelated separate
    that this those these them they there here which what whats where why how who when whose
    not wont cant cannot dont doesnt didnt isnt wasnt arent go goes going get gets getting keep keeps kept
    out without within around about over off onto through us we our onboard aboard usually normally typically mostly
    theres thats heres its im ive id ill youre theyre come comes coming came`,
  ),
);

// The word after one of these is the thing a phrase is about.
const DETERMINED = /\b(?:the|my|our|your|a|an|new)\s+(?=([a-z][a-z'-]*))/gi;
const REFERS_BACK = /\b(?:it|its|it's|that|this|those|these|them|they|the same|same thing|the problem|the issue)\b/i;
const CHANGES_SUBJECT =
  /\b(?:another|other|different|diff|separate|unrelated|new|one more) (?:question|q|issue|problem|thing|topic|subject)\b|\bon another note\b|\bchange of subject\b|\bsomething else\b|\bswitching gears\b|\bunrelated\b|\bwhile i have you\b/i;
const GOES_BACK = /\b(?:back to|going back|go back|coming back|return(?:ing)? to|about the .{2,30} (?:again|from before|earlier)|earlier (?:question|problem|issue))\b/i;

// When something happened never names a subject: 'last spring' is not spring commissioning.
const WHEN = /\b(?:last|this|past|next) (?:spring|summer|fall|autumn|winter|season|year|week|month|weekend|trip)\b|\b(?:a|an|one|two|three|few|couple of|\d+) (?:days?|weeks?|months?|years?|seasons?) ago\b|\byesterday\b/gi;

export function readOwnerMessage(raw: string): OwnerMessage {
  const withoutPhoto = raw.startsWith(PHOTO_PREFIX) ? raw.slice(PHOTO_PREFIX.length) : raw;
  const text = withoutPhoto.trim() === PHOTO_WITHOUT_DESCRIPTION ? '' : withoutPhoto;
  const searchText = withoutWorkDone(text).replace(WHEN, ' ');
  const details = readEquipmentDetails([text]);
  const work = readWorkDone(text);
  const asks = readOwnerAsks(text);
  // 'How much would a mechanic charge?' asks a price; it is not about charging a battery.
  const talk = asks.has('cost') ? new Set([...TALK, 'charg']) : TALK;
  const subjectStems = [...new Set(stems(withoutEquipmentDetails(searchText, details.model)).filter((s) => !talk.has(s) && !/^\d+$/.test(s)))];
  const determined = [...searchText.matchAll(DETERMINED)].flatMap((m) => stems(m[1]!));
  return {
    text,
    details,
    work,
    // The kind of drive ('outboard') names the subject rather than adding to it.
    addsDetails:
      work.length > 0 ||
      details.conditions ||
      [details.make, details.model, details.year, details.hours, details.stroke, details.fuelSystem, details.boat].some((d) => d !== undefined),
    asks,
    searchText,
    subjectStems,
    refersBack: REFERS_BACK.test(text),
    namesThing: determined.some((s) => subjectStems.includes(s)),
    changesSubject: CHANGES_SUBJECT.test(text),
    goesBack: GOES_BACK.test(text),
  };
}
