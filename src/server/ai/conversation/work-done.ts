/**
 * What was done to the thing: a new part rules out replacing it, a check rules out checking it; 'fresh'
 * fuel or oil, or 'did the impeller', rules out everything about it.
 */
export type WorkAction = 'replaced' | 'checked' | 'cleaned' | 'all';

/** Something the owner says is already done or known good: 'I already replaced the impeller', 'fresh gas'. */
export interface WorkDone {
  /** The owner's words as a clause in the second person: "you've replaced the impeller", 'the battery is new'. */
  said: string;
  /** The thing that was done, as written: 'impeller', 'spark plugs', 'gas'. */
  item: string;
  action: WorkAction;
}

const ACTIONS: [RegExp, WorkAction][] = [
  [/^(?:replaced|changed|swapped|installed|rebuilt|fitted|put in|put on|rewired|resealed|repacked|new|brand new)$/i, 'replaced'],
  [/^(?:checked|tested|inspected|tried|reset|restarted|rebooted|updated|adjusted|tightened|charged|bled|serviced)$/i, 'checked'],
  [/^(?:cleaned|clean|flushed|drained|greased)$/i, 'cleaned'],
];
const actionOf = (verb: string): WorkAction => ACTIONS.find(([pattern]) => pattern.test(verb))?.[1] ?? 'all';

const VERBS =
  'did|done|restarted|rebooted|replaced|changed|checked|cleaned|tried|tested|swapped|installed|rebuilt|flushed|drained|bled|tightened|charged|serviced|inspected|adjusted|reset|updated|fitted|put in|put on|redid|rewired|resealed|greased|repacked';
const DETERMINERS = '(?:(?:a|an|the|my|our|both|all|all the|new|fresh|brand new|out the|in a|in new|it and the)\\s+)*';
// The object ends at punctuation, a verb of state, or where the next clause starts ('and it still', 'and updated ...').
const END = `(?=\\s*(?:[,.;!?]|\\band\\s+(?:${VERBS}|it|its|it's|that|there|theres|still|now|nothing|same)\\b|\\bis\\b|\\bare\\b|\\bwas\\b|\\bwere\\b|\\bbut\\b|\\bstill\\b|\\blast\\b|\\byesterday\\b|\\bthis\\b|\\btoday\\b|\\bwith\\b|\\bfrom\\b|\\bon\\b|\\bin\\b|\\bat\\b|\\bso\\b|$))`;

// 'I already replaced the impeller', "I've checked the fuses", 'we just changed the plugs', 'already tried the primer bulb'.
const DID = new RegExp(
  `\\b(?:(?:i|we)(?:'ve|’ve| have)?\\s+)?(already|just|recently)?\\s*(${VERBS})\\s+${DETERMINERS}([a-z][a-z -]{1,40}?)${END}`,
  'gi',
);
// 'the battery is new', 'plugs are brand new', 'the fuel is fresh', 'the impeller was replaced last spring'.
const IS_NEW = new RegExp(
  `\\b(?:the|my|our)?\\s*((?:[a-z][a-z-]*\\s)?[a-z][a-z-]*)\\s+(is|are|was|were)\\s+(?:already\\s+|all\\s+)?(brand new|new|fresh|replaced|changed|clean|cleaned)\\b`,
  'gi',
);
// 'fresh gas', 'new plugs', 'a new battery', when something says it is in: 'I put ... in', 'it has ...'.
const NEW_THING = /\b(brand new|new|fresh)\s+([a-z][a-z-]{2,20}(?:\s(?:plugs?|filters?|pumps?|battery|batteries|bulbs?|switch|oil|impeller|fuel|gas))?)\b/gi;
const PUT_IN = /\b(?:put|installed|fitted|got|have|has|had|bought|with|already|just|i've|ive|we've)\b/i;
// '... is a new alternator', 'should I get a new battery': asking about one, not having one.
const ASKING = /\b(?:how much|cost|price|should|would|need|is a|get a|buy a|worth)\b/i;
// Fluids are put in as they are; parts one at a time.
const UNCOUNTED = /^(?:fuel|gas|gasoline|diesel|oil|coolant|water|grease|antifreeze)$/i;

// Things owners call new that are not work on the problem ('new boat', 'new to boating').
const NOT_WORK = /^(?:boat|boater|boating|owner|to|here|one|problem|issue|question|season|year|guy|member|after|before|again|still)\b/i;
// The verbs are only work when something concrete follows: 'tried everything' has no item to rule out.
const NO_ITEM = /^(?:it|its|it's|that|thats|this|those|these|them|there|theres|everything|anything|all|something|again|out|to|and|but|last|yesterday|today|recently|in|on|at|for)\b/i;
const LEADING_DETERMINERS = /^(?:(?:a|an|the|my|our|both|all|new|fresh)\s+)+/i;

const PARTICIPLES: Record<string, string> = { did: 'done', redid: 'redone' };
const clean = (item: string) => item.trim().replace(/\s+/g, ' ').toLowerCase();
const secondPerson = (text: string) => text.replace(/\bmy\b/gi, 'your').replace(/\bour\b/gi, 'your');

interface Found {
  work: WorkDone[];
  /** The message with the accepted reports blanked out. */
  rest: string;
}

/** Reads the reports of work done and blanks each accepted one out of the message, in one pass. */
function scan(text: string): Found {
  const work: WorkDone[] = [];
  const add = (item: string, said: string, action: WorkAction): boolean => {
    const name = clean(item);
    if (!name || NOT_WORK.test(name) || NO_ITEM.test(name)) return false;
    if (!work.some((w) => w.item === name)) work.push({ item: name, said: secondPerson(said.trim().replace(/\s+/g, ' ')), action });
    return true;
  };

  let rest = text.replace(IS_NEW, (whole, item: string, verb: string, state: string) => {
    const name = clean(item).replace(LEADING_DETERMINERS, '');
    if (/^(?:it|that|this|everything|all|which|and)$|\band$/.test(name)) return whole;
    return add(name, `the ${name} ${verb.toLowerCase()} ${state.toLowerCase()}`, actionOf(state)) ? ' ' : whole;
  });
  rest = rest.replace(DID, (whole, when: string | undefined, verb: string, object: string) => {
    let accepted = false;
    // 'replaced the fuel filter and the water separator': one verb, several items.
    for (const part of object.split(/\s*(?:,|\band\b)\s*/)) {
      const item = part.replace(LEADING_DETERMINERS, '');
      const determiner = LEADING_DETERMINERS.exec(part)?.[0] ?? 'the ';
      const participle = PARTICIPLES[verb.toLowerCase()] ?? verb.toLowerCase();
      const already = when ? `${when.toLowerCase()} ` : '';
      if (add(item, `you've ${already}${participle} ${determiner}${item}`, actionOf(verb))) accepted = true;
    }
    return accepted ? ' ' : whole;
  });
  rest = rest.replace(NEW_THING, (whole, adjective: string, item: string, at: number, all: string) => {
    const before = all.slice(all.lastIndexOf('.', at) + 1, at);
    if (!PUT_IN.test(before) || ASKING.test(before)) return whole;
    const name = clean(item);
    const a = UNCOUNTED.test(name) || name.endsWith('s') ? '' : 'a ';
    return add(item, `you've put in ${a}${adjective.toLowerCase()} ${name}`, actionOf(adjective)) ? ' ' : whole;
  });
  return { work, rest };
}

/** The work an owner reports as done, each item once. */
export function readWorkDone(text: string): WorkDone[] {
  return scan(text).work;
}

/** The message without its reports of work done, so they do not steer the search toward what is ruled out. */
export function withoutWorkDone(text: string): string {
  return scan(text).rest;
}
