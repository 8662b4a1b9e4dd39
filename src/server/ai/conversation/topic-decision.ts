import type { AiCategory } from '../../../common/ai-rules.js';
import { makeFits } from '../equipment-details.js';
import type { Evidence, KnowledgeBase } from '../knowledge-base/knowledge-base.js';
import { stem } from '../knowledge-base/term-stats.js';
import type { ConversationTurn } from '../provider.js';
import { readOwnerMessage, type OwnerMessage } from './owner-message.js';
import { subjectName } from './subject-name.js';

/**
 * How a message stands to the conversation before it: the first message, a new subject, a follow-up
 * that adds to the current subject, or a return to an earlier subject after a change.
 */
export type TurnKind = 'first' | 'new-topic' | 'follow-up' | 'return';

/** One subject of a conversation: the owner's messages about it and the articles they find together. */
export interface Topic {
  messages: OwnerMessage[];
  /** Its messages that name something; those that only add details or ask about it name nothing. */
  naming: OwnerMessage[];
  /** Indexes into the history of this subject's turns, questions and answers both. */
  turns: number[];
  evidence: Evidence[];
}

export interface TopicDecision {
  kind: TurnKind;
  /** The subject the message belongs to, the message included (its last message). */
  topic: Topic;
  /** The owner's name for that subject: 'outboard', 'bilge pump'. */
  subject: string;
}

/** Only the most recent subjects are remembered: an owner returns to what was said lately. */
const REMEMBERED_MESSAGES = 16;
/** Below this, the knowledge base found something only by a word or two: not enough to name a new subject. */
const WEAK_EVIDENCE = 150;
/** Share of a message's subject words, weighted by how telling they are, that a subject must already use. */
const RELATED_COVERAGE = 0.5;
const RETURN_COVERAGE = 0.6;
/** A message that names no subject of its own continues the current one when it shares this much with it. */
const WEAK_COVERAGE = 0.2;
/** Share of a message's subject words its best article must match to be what the message is about. */
const NAMED_SHARE = 0.5;
/** Share of the subject's own words a message's best article must name to be about the same problem. */
const ARTICLE_FIT = 0.75;

/**
 * What the subject's articles are found with: its messages that name something. 'How much would it cost to
 * fix?' would otherwise add the GPS-fix article to a gelcoat subject.
 */
function searchTextOf(topic: Pick<Topic, 'messages' | 'naming'>): string {
  return (topic.naming.length > 0 ? topic.naming : topic.messages).map((m) => m.searchText).join('\n');
}

function categoryOfTopic(topic: Topic): AiCategory {
  return topic.evidence[0]?.article.category ?? 'general';
}

/** Below this share of the best score, an article was found by a stray word: it does not describe the subject. */
const MAIN_SHARE = 0.35;

/** The articles that really describe the subject, not those a stray word of it happened to find. */
function mainArticles(topic: Topic): Evidence[] {
  const top = topic.evidence[0]?.score ?? 0;
  return topic.evidence.filter((e) => e.score >= top * MAIN_SHARE);
}

/** The share of the words found in a vocabulary, each word weighted by how telling it is; 1 for no words. */
function weightedShare(kb: KnowledgeBase, words: string[], vocabulary: Set<string>): number {
  let known = 0;
  let total = 0;
  for (const term of words) {
    const weight = kb.terms.weight(term);
    total += weight;
    if (vocabulary.has(term)) known += weight;
  }
  return total === 0 ? 1 : known / total;
}

/** The weighted share of the message's subject words that the subject's articles or messages already use. */
function coverage(kb: KnowledgeBase, message: OwnerMessage, topic: Topic): number {
  const vocabulary = new Set(topic.naming.flatMap((m) => m.subjectStems));
  for (const { article } of mainArticles(topic)) for (const term of kb.terms.of(article.id).subject) vocabulary.add(term);
  return weightedShare(kb, message.subjectStems, vocabulary);
}

/** Every subject word of the message appears somewhere in the subject's main article (a cause, a step). */
function mentionedIn(kb: KnowledgeBase, message: OwnerMessage, topic: Topic): boolean {
  const main = topic.evidence[0];
  if (!main || message.subjectStems.length === 0) return false;
  const terms = kb.terms.of(main.article.id).all;
  return message.subjectStems.every((term) => terms.has(term));
}

const sharesArticle = (alone: Evidence[], topic: Topic) =>
  alone.length > 0 && mainArticles(topic).some((e) => e.article.id === alone[0]!.article.id);

/**
 * The message's best article is about the subject's own problem: its title, symptoms and keywords use most
 * of the words the owner named the subject with ('how do I check the thermostat?' while overheating).
 */
function articleFits(kb: KnowledgeBase, alone: Evidence[], topic: Topic): boolean {
  const best = alone[0];
  const named = topic.naming[0];
  if (!best || !named) return false;
  return weightedShare(kb, named.subjectStems, kb.terms.of(best.article.id).subject) >= ARTICLE_FIT;
}

/** The message continues this subject: it names nothing new, or what it names belongs to the subject. */
function continues(kb: KnowledgeBase, message: OwnerMessage, alone: Evidence[], topic: Topic): boolean {
  if (sharesArticle(alone, topic) || articleFits(kb, alone, topic)) return true;
  const share = coverage(kb, message, topic);
  if (share >= RELATED_COVERAGE) return true;
  // 'Could the bilge pump be draining it?': a part the subject's article names as a cause, asked about in passing.
  if (message.refersBack && mentionedIn(kb, message, topic)) return true;
  // The message does not clearly name a subject of its own: details about the boat or the work done belong
  // to the subject at hand, and so does a message that shares some words with it.
  const weak = alone.length === 0 || alone[0]!.score < WEAK_EVIDENCE;
  return weak && (share >= WEAK_COVERAGE || message.addsDetails);
}

/** The message goes back to this earlier subject: it shares its article or most of its words. */
function returnsTo(kb: KnowledgeBase, message: OwnerMessage, alone: Evidence[], topic: Topic): boolean {
  if (sharesArticle(alone, topic)) return true;
  const share = coverage(kb, message, topic);
  return share >= RETURN_COVERAGE || (message.goesBack && share > 0);
}

/**
 * The articles the message finds on its own, when they explain most of what it says that the knowledge
 * base knows of: 'boat stays on a lift behind the house' finds the rigging article by 'stays' alone, which
 * says nothing about the message.
 */
function namedBy(kb: KnowledgeBase, message: OwnerMessage): Evidence[] {
  const found = kb.search(message.searchText);
  const matched = new Set(found[0]?.strongTerms.map(stem) ?? []);
  const known = message.subjectStems.filter((term) => kb.terms.knows(term));
  return known.length > 0 && weightedShare(kb, known, matched) >= NAMED_SHARE ? found : [];
}

/** A message that only adds details or asks about cost, safety or help ('it's a 2012 Mercury 90'). */
function addsOnly(message: OwnerMessage): boolean {
  return message.subjectStems.length === 0;
}

/**
 * The message names a piece of equipment: a name owners use for one ('bilge pump', 'trim'), a thing of its
 * own ('the windlass'), or a word that finds an article by its keywords, the parts and systems it is about
 * ('generator', 'shrink wrap'). A word that finds one only by its title or symptoms ('fix' in 'no GPS fix')
 * names nothing.
 */
function namesEquipment(kb: KnowledgeBase, message: OwnerMessage): boolean {
  if (message.namesThing || subjectName([message.text], '') !== '') return true;
  return kb.search(message.searchText).some((e) => e.strongTerms.some((term) => kb.terms.of(e.article.id).parts.has(stem(term))));
}

/**
 * A question about the subject at hand that names nothing of its own: it asks about 'it' or 'that', or
 * asks a cost, a time, whether it is safe or whether to call a professional, names no equipment, and
 * finds no article of weight by itself. Its other words ('roughly', 'take', 'using') are not a subject.
 */
function asksAboutSubject(kb: KnowledgeBase, message: OwnerMessage, weak: boolean): boolean {
  if (!weak || message.changesSubject || message.goesBack) return false;
  const asks = message.refersBack || [...message.asks].some((ask) => ask !== 'thanks');
  return asks && !namesEquipment(kb, message);
}

/** For a message that names only a maker, the subject that maker's equipment fits, most recent first. */
function topicForMake(message: OwnerMessage, current: Topic, earlier: Topic[]): Topic {
  const kind = message.details.makeKind;
  if (!kind || makeFits(kind, categoryOfTopic(current)) || categoryOfTopic(current) === 'general') return current;
  return earlier.find((topic) => makeFits(kind, categoryOfTopic(topic))) ?? current;
}

interface Thread {
  topics: Topic[];
  current: Topic | undefined;
}

function place(kb: KnowledgeBase, thread: Thread, message: OwnerMessage, turns: number[]): TurnKind {
  const { current } = thread;
  const start = (): TurnKind => {
    const topic: Topic = { messages: [message], naming: addsOnly(message) ? [] : [message], turns, evidence: [] };
    topic.evidence = kb.search(searchTextOf(topic));
    thread.topics.push(topic);
    thread.current = topic;
    return current ? 'new-topic' : 'first';
  };
  const join = (topic: Topic, kind: TurnKind, naming = !addsOnly(message)): TurnKind => {
    topic.messages.push(message);
    if (naming) topic.naming.push(message);
    topic.turns.push(...turns);
    topic.evidence = kb.search(searchTextOf(topic));
    thread.current = topic;
    return kind;
  };
  if (!current) return start();

  const earlier = thread.topics.filter((t) => t !== current).reverse();
  const alone = namedBy(kb, message);
  // Only details, a question about the subject at hand, or a maker's name and little else ('it's a Rule
  // 1100 pump'): the subject they fit. Naming nothing, they are not searched with it.
  const weak = alone.length === 0 || alone[0]!.score < WEAK_EVIDENCE;
  const namesNothing = addsOnly(message) || asksAboutSubject(kb, message, weak);
  if (namesNothing || (message.details.makeKind && weak)) {
    const topic = topicForMake(message, current, earlier);
    if (topic !== current) return join(topic, 'return', !namesNothing);
    if (namesNothing) return join(current, 'follow-up', false);
  }
  if (!message.changesSubject && !message.goesBack && continues(kb, message, alone, current)) return join(current, 'follow-up');
  const back = earlier.find((topic) => returnsTo(kb, message, alone, topic));
  if (back) return join(back, 'return');
  if (message.goesBack && continues(kb, message, alone, current)) return join(current, 'follow-up');
  return start();
}

/**
 * Decides from the text alone where a message belongs in its conversation, replaying the earlier messages
 * the same way so each subject keeps its own messages, details and articles.
 */
export function decideTopic(kb: KnowledgeBase, question: string, history: ConversationTurn[]): TopicDecision {
  const thread: Thread = { topics: [], current: undefined };
  const asked = history.flatMap((turn, index) => (turn.role === 'user' ? [index] : []));
  for (const index of asked.slice(-(REMEMBERED_MESSAGES - 1))) {
    const answer = history[index + 1]?.role === 'ai' ? [index, index + 1] : [index];
    place(kb, thread, readOwnerMessage(history[index]!.content), answer);
  }
  const kind = place(kb, thread, readOwnerMessage(question), []);
  const topic = thread.current!;
  const fallback = topic.evidence[0] ? subjectName([topic.evidence[0].article.title], 'earlier question') : 'earlier question';
  return { kind, topic, subject: subjectName(topic.messages.map((m) => m.text), fallback) };
}
