/**
 * What a message asks for beyond the diagnosis itself, so the answer can lead with it; asked with nothing
 * named, it is asked about the subject at hand. 'time' has no lead of its own: the articles say nothing of it.
 */
export type OwnerAsk = 'cost' | 'time' | 'safety' | 'professional' | 'thanks';

const ASKS: [OwnerAsk, RegExp][] = [
  ['cost', /\b(?:how much|costs?|price[ds]?|pricing|pricey|expensive|cheap(?:er|est)?|afford|quote|estimate|ballpark|budget)\b|\b(?:shop|mechanic|dealer|yard|tech|technician|rigger|pro|they|you) (?:would |will |usually |normally )?charge\b/i],
  ['time', /\bhow (?:long|soon)\b|\bhow (?:much time|many (?:hours|days))\b/i],
  ['safety', /\b(?:safe(?:ly)?|unsafe|dangerous|danger|risky|risk|hazard(?:ous)?)\b|\b(?:can|could|should) (?:i|we) (?:still |keep )?(?:use|run|take|go out|drive|launch)/i],
  ['professional', /\b(?:mechanics?|technicians?|professionals?|a pro|dealer(?:ship)?|boatyard|yard|rigger|electrician|surveyor|myself|diy|do it yourself|on my own|by myself)\b/i],
];
// A message that only thanks or acknowledges: nothing to diagnose.
const THANKS = /^\s*(?:(?:ok(?:ay)?|great|cool|perfect|awesome|got it|will do|thanks|thank you|thx|ty|cheers|much appreciated|appreciate it)[\s,.!]*)+(?:(?:so much|a lot|a bunch|again)[\s,.!]*)?$/i;

export function readOwnerAsks(text: string): Set<OwnerAsk> {
  const asks = new Set<OwnerAsk>(ASKS.filter(([, pattern]) => pattern.test(text)).map(([ask]) => ask));
  if (THANKS.test(text)) asks.add('thanks');
  return asks;
}
