import { describe, expect, it } from 'vitest';
import { KnowledgeBase } from '../knowledge-base/knowledge-base.js';
import { allArticles } from '../knowledge-base/articles/index.js';
import type { ConversationTurn } from '../provider.js';
import { decideTopic } from './topic-decision.js';

const kb = new KnowledgeBase(allArticles);

/** The owner's messages before the last, each with an answer, as the server loads them. */
function historyOf(questions: string[]): ConversationTurn[] {
  return questions.flatMap((content) => [
    { role: 'user' as const, content },
    { role: 'ai' as const, content: 'An answer.' },
  ]);
}

const decide = (...messages: string[]) => decideTopic(kb, messages.at(-1)!, historyOf(messages.slice(0, -1)));

// Conversations written for these tests, not taken from the eval set.
describe('a message on a new subject', () => {
  it.each([
    ["My outboard cranks but won't start after sitting all winter", 'Bilge pump runs constantly', 'bilge-pump-runs-constantly-or-wont-run'],
    ['trailer lights only work on one side', 'also my VHF radio cannot transmit', 'vhf-no-transmit-receive'],
    ['Garmin chartplotter has no GPS fix', "the head won't flush", 'marine-head-clogged'],
    ['gelcoat is chalky and faded', 'my starting battery dies overnight', 'battery-dead-wont-hold-charge'],
    ["my outboard cranks but won't start", 'now the engine overheats', 'overheat-alarm-beeping'],
    ['roller furler jammed', 'what safety gear do I need for offshore?', 'uscg-required-safety-equipment'],
    ['shore power keeps tripping the GFCI', 'trailer wheel hub is hot after the highway', 'trailer-wheel-bearings-hot'],
    ['fishfinder loses bottom at speed', 'I smell gas in the bilge', 'fuel-smell-fumes-blower'],
    ["outboard won't start", "my trim won't go up", 'tilt-trim-not-working'],
    ["VHF radio won't transmit", 'my chartplotter has no GPS fix', 'chartplotter-no-power-no-gps-fix'],
    ["trailer lights don't work", 'one trailer hub got really hot on the highway', 'trailer-wheel-bearings-hot'],
  ])("'%s', then '%s', starts a new subject", (first, second, article) => {
    const decision = decide(first, second);
    expect(decision.kind).toBe('new-topic');
    expect(decision.topic.messages.map((m) => m.text)).toEqual([second]);
    expect(decision.topic.evidence[0]?.article.id).toBe(article);
    expect(decision.topic.turns).toEqual([]);
  });

  it('starts one when the owner says so, even on a related subject', () => {
    expect(decide('engine overheats at cruise, Mercruiser 5.7', 'different question: how do I winterize the freshwater system?').kind).toBe('new-topic');
  });

  it('starts one for a subject the knowledge base does not know, rather than continuing the last one', () => {
    const decision = decide('my outboard is overheating', 'my windlass will not work');
    expect(decision.kind).toBe('new-topic');
    expect(decision.topic.messages).toHaveLength(1);
  });

  it('is the first subject when nothing came before', () => {
    expect(decide('bilge pump runs constantly')).toMatchObject({ kind: 'first', subject: 'bilge pump' });
  });
});

describe('a follow-up', () => {
  it.each([
    ["My outboard cranks but won't start after sitting all winter", "it's a Mercury 90 four-stroke from 2012"],
    ["My outboard cranks but won't start after sitting all winter", 'how much would that cost?'],
    ['my outboard is overheating and the alarm is beeping', 'I already replaced the impeller'],
    ['bilge pump runs constantly', 'the float switch looks stuck'],
    ['bilge pump runs constantly', "I checked and there's no water coming in"],
    ['VHF radio cannot transmit', 'the antenna is 8 years old'],
    ['house battery dead every morning', 'could the bilge pump be draining it?'],
    ['trailer lights only work on one side', 'I already cleaned the plug and it still happens'],
    ['Mercruiser overheating at cruise', 'it only happens in salt water, fine at idle'],
    ["chartplotter won't turn on", 'is it safe to go out without it?'],
    ["head clogged won't flush", 'can I fix it myself or do I need a pro?'],
    ['outboard wont start', 'I put fresh gas in and new plugs, still nothing'],
    ['my engine is overheating', 'how do I check the thermostat?'],
    ['chartplotter has no gps fix', "it's a Garmin echoMAP 74cv"],
    ['what safety gear do I need on my boat', '21 ft bowrider on lake erie, usually 6 of us onboard'],
    ["outboard cranks but won't start", 'thanks!'],
  ])("'%s', then '%s', continues the subject", (first, second) => {
    const decision = decide(first, second);
    expect(decision.kind).toBe('follow-up');
    expect(decision.topic.messages.map((m) => m.text)).toEqual([first, second]);
    expect(decision.topic.turns).toEqual([0, 1]);
  });

  it('continues through several messages', () => {
    const decision = decide("outboard cranks but won't start", 'Yamaha F150 2016', 'how much would a mechanic charge?');
    expect(decision.kind).toBe('follow-up');
    expect(decision.topic.turns).toEqual([0, 1, 2, 3]);
  });
});

describe('a question about the subject that names no equipment', () => {
  // The shapes owners ask once they have an answer: cost, time, whether it is safe, whether to do it themselves.
  const QUESTIONS = ['How much would it cost to fix, roughly?', 'How long does that take?', 'how long will the repair take', 'Is it safe to keep using it?', 'should I stop using it until then?', 'Can I do it myself?', 'is it a big job?'];
  const SUBJECTS = [
    'The gelcoat on my deck has spider cracks',
    'my outboard is overheating, the tell tale stream is weak',
    'bilge pump runs constantly even when the bilge is dry',
    'my house battery is dead every morning',
    "the head won't flush, handle is really stiff",
    'trailer lights only work on one side',
    'trailer wheel hub gets really hot on the highway',
    "VHF radio won't transmit, nobody hears me",
  ];
  it.each(SUBJECTS.flatMap((first) => QUESTIONS.map((question) => [first, question])))("'%s', then '%s', stays on the subject", (first, question) => {
    const subject = decide(first);
    const decision = decide(first, question);
    expect(decision.kind).toBe('follow-up');
    expect(decision.subject).toBe(subject.subject);
    expect(decision.topic.turns).toEqual([0, 1]);
    // Found with the subject's words alone: the question's own words ('fix', 'using') find nothing else.
    expect(decision.topic.evidence.map((e) => e.article.id)).toEqual(subject.topic.evidence.map((e) => e.article.id));
  });

  it('still starts a new subject when it names other equipment, or says it is another question', () => {
    const bilge = decide('The gelcoat on my deck has spider cracks', 'how much would a new bilge pump cost?');
    expect(bilge.kind).toBe('new-topic');
    expect(bilge.topic.evidence[0]?.article.id).toMatch(/^bilge-pump/);
    expect(decide('my outboard is overheating', 'different question: is it safe to keep using it?').kind).toBe('new-topic');
  });
});

describe('a return to an earlier subject', () => {
  it.each([
    ["outboard cranks but won't start", 'bilge pump runs constantly', "back to the outboard, it's a 2012 Mercury 90", 'outboard'],
    ["outboard cranks but won't start", 'bilge pump runs constantly', "it's a 2012 Mercury 90 four-stroke", 'outboard'],
    ["outboard cranks but won't start", 'bilge pump runs constantly', 'ok and the outboard still will not start even with fresh gas', 'outboard'],
    ['trailer lights only work on one side', "VHF radio can't transmit", 'the trailer lights: I already replaced the bulbs', 'trailer lights'],
    ['my outboard is overheating', 'chartplotter has no GPS fix', 'the engine is still running hot, I replaced the thermostat', 'outboard'],
    ['bilge pump runs constantly', 'gelcoat is chalky', "it's a Rule 1100 pump by the way", 'bilge pump'],
  ])("'%s', '%s', then '%s', goes back to the %s", (first, second, third, subject) => {
    const decision = decide(first, second, third);
    expect(decision.kind).toBe('return');
    expect(decision.subject).toBe(subject);
    // The earlier subject's turns, not the ones in between.
    expect(decision.topic.turns).toEqual([0, 1]);
    expect(decision.topic.messages.map((m) => m.text)).toEqual([first, third]);
  });

  it('keeps following the returned-to subject afterwards', () => {
    const decision = decide("outboard cranks but won't start", 'bilge pump runs constantly', 'back to the outboard: it is a Yamaha F150', 'how much would that cost?');
    expect(decision.kind).toBe('follow-up');
    expect(decision.topic.turns).toEqual([0, 1, 4, 5]);
  });
});

describe("the owner's name for a subject", () => {
  it.each([
    ["My outboard cranks but won't start", 'outboard'],
    ['the bilge pump on my sailboat keeps running', 'bilge pump'],
    ['Mercruiser 5.7 runs hot', 'sterndrive'],
    ['trailer lights only work on one side', 'trailer lights'],
    ['my merc is bogging down', 'outboard'],
    ['roller furler is jammed and wont roll in', 'furler'],
  ])("'%s' is about the %s", (question, subject) => {
    expect(decide(question).subject).toBe(subject);
  });
});
