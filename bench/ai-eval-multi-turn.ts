// The multi-turn part of `npm run eval:ai`: conversations run through a provider as the server runs them
// (every earlier turn, question and answer, as history), with only the last answer judged.
import { performance } from 'node:perf_hooks';
import { DEFAULT_AI_SETTINGS } from '../src/common/ai.js';
import type { AiProvider, ConversationTurn } from '../src/server/ai/provider.js';
import type { EvalConversation } from './ai-eval-conversations.js';

/** A return to an earlier subject must say so in its first words. */
const RETURN_OPENER = /^back to your\b/i;
/**
 * Follow-up answers are timed over several rounds: one round has too few of them for a p95. Each round
 * has a knowledge base of its own, so the last question is searched for the first time while the earlier
 * turns were searched when they were answered, as on a running server.
 */
const LATENCY_ROUNDS = 20;

export interface MultiTurnFigures {
  newTopic: { passed: number; total: number };
  returns: { passed: number; total: number };
  /** Follow-ups answered in their subject's category with no other subject's equipment named. */
  followUpSubject: { passed: number; total: number };
  followUpConcepts: { found: number; total: number };
  otherConcepts: { found: number; total: number };
  details: { found: number; total: number };
  followUpLatencies: number[];
  misses: string[];
}

async function runConversation(provider: AiProvider, conversation: EvalConversation) {
  const history: ConversationTurn[] = [];
  let last = { text: '', category: 'general' as string, ms: 0 };
  for (const turn of conversation.turns) {
    const started = performance.now();
    const result = await provider.answer({ question: turn.question, history: [...history], settings: DEFAULT_AI_SETTINGS });
    last = { text: result.text, category: result.category, ms: performance.now() - started };
    history.push({ role: 'user', content: turn.question }, { role: 'ai', content: result.text });
  }
  return last;
}

const found = (answer: string, alternatives: string[]) => alternatives.some((a) => answer.includes(a.toLowerCase()));

export async function evaluateConversations(newProvider: () => AiProvider, conversations: EvalConversation[]): Promise<MultiTurnFigures> {
  const provider = newProvider();
  const figures: MultiTurnFigures = {
    newTopic: { passed: 0, total: 0 },
    returns: { passed: 0, total: 0 },
    followUpSubject: { passed: 0, total: 0 },
    followUpConcepts: { found: 0, total: 0 },
    otherConcepts: { found: 0, total: 0 },
    details: { found: 0, total: 0 },
    followUpLatencies: [],
    misses: [],
  };
  for (const conversation of conversations) {
    const label = conversation.turns.map((t) => t.question).join(' → ');
    const { text, category } = await runConversation(provider, conversation);
    const answer = text.toLowerCase();
    const miss = (what: string) => figures.misses.push(`  [${conversation.kind}] ${what}: ${label}`);

    if (conversation.kind === 'new-topic' || conversation.kind === 'follow-up') {
      const figure = conversation.kind === 'new-topic' ? figures.newTopic : figures.followUpSubject;
      figure.total += 1;
      const leaked = conversation.forbidden.filter((word) => answer.includes(word.toLowerCase()));
      if (leaked.length > 0) miss(`${conversation.kind === 'new-topic' ? 'earlier topic' : 'another subject'} leaked (${leaked.join(', ')})`);
      if (category !== conversation.category) miss(`category ${category} instead of ${conversation.category}`);
      if (leaked.length === 0 && category === conversation.category) figure.passed += 1;
    } else {
      figures.returns.total += 1;
      if (RETURN_OPENER.test(text.trim())) figures.returns.passed += 1;
      else miss(`no 'Back to your …' opener (starts '${text.trim().slice(0, 50)}')`);
    }

    const concepts = conversation.kind === 'follow-up' ? figures.followUpConcepts : figures.otherConcepts;
    for (const alternatives of conversation.concepts) {
      concepts.total += 1;
      if (found(answer, alternatives)) concepts.found += 1;
      else miss(`missing [${alternatives.join(' | ')}]`);
    }
    for (const detail of conversation.mustUseDetail ?? []) {
      figures.details.total += 1;
      if (found(answer, [detail])) figures.details.found += 1;
      else miss(`detail not used: ${detail}`);
    }
  }

  for (let round = 0; round < LATENCY_ROUNDS; round++) {
    const fresh = newProvider();
    for (const conversation of conversations.filter((c) => c.kind === 'follow-up')) {
      figures.followUpLatencies.push((await runConversation(fresh, conversation)).ms);
    }
  }
  return figures;
}
