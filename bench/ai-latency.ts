// Built-in assistant answer latency (budget: p95 <= 50 ms): single questions, and the last
// question of the multi-turn conversations with the earlier turns as history.
import { performance } from 'node:perf_hooks';
import { createBuiltinProvider } from '../src/server/ai/builtin/builtin-provider.js';
import { KnowledgeBase } from '../src/server/ai/knowledge-base/knowledge-base.js';
import { allArticles } from '../src/server/ai/knowledge-base/articles/index.js';
import type { ConversationTurn } from '../src/server/ai/provider.js';
import { DEFAULT_AI_SETTINGS } from '../src/common/ai.js';
import { evalQuestions } from './ai-eval-questions.js';
import { evalConversations } from './ai-eval-conversations.js';

function report(what: string, latencies: number[], baseline: number) {
  latencies.sort((a, b) => a - b);
  const p = (q: number) => latencies[Math.floor((q / 100) * (latencies.length - 1))]!.toFixed(2);
  console.log(
    `built-in ${what} over ${latencies.length}: p50 ${p(50)} ms, p95 ${p(95)} ms, max ${latencies.at(-1)!.toFixed(2)} ms (budget p95 50 ms; same-run baseline of serialising the question: ${(baseline * 1000).toFixed(1)} µs)`,
  );
}

/**
 * Each round gets a knowledge base of its own: it keeps recent searches, and a question asked again in the
 * same one would measure that memory rather than an answer. Earlier turns of a conversation are answered
 * first, untimed, as they were on the server before the question that is timed.
 */
export async function benchAiLatency(rounds = 20) {
  const baselineStart = performance.now();
  for (let i = 0; i < rounds * evalQuestions.length; i++) JSON.stringify(evalQuestions[i % evalQuestions.length]);
  const baseline = (performance.now() - baselineStart) / (rounds * evalQuestions.length);

  const single: number[] = [];
  const followUps: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const provider = createBuiltinProvider(new KnowledgeBase(allArticles));
    for (const item of evalQuestions) {
      const started = performance.now();
      await provider.answer({ question: item.question, history: [], settings: DEFAULT_AI_SETTINGS });
      single.push(performance.now() - started);
    }
    for (const conversation of evalConversations) {
      const history: ConversationTurn[] = [];
      for (const [i, turn] of conversation.turns.entries()) {
        const started = performance.now();
        const { text } = await provider.answer({ question: turn.question, history: [...history], settings: DEFAULT_AI_SETTINGS });
        if (i === conversation.turns.length - 1) followUps.push(performance.now() - started);
        history.push({ role: 'user', content: turn.question }, { role: 'ai', content: text });
      }
    }
  }
  report('answer, single questions,', single, baseline);
  report('answer, last turn of a conversation,', followUps, baseline);
}
