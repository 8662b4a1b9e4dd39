// Built-in assistant answer latency over many questions (DESIGN.md section 4: p95 <= 50 ms).
import { performance } from 'node:perf_hooks';
import { createBuiltinProvider } from '../src/server/ai/builtin/builtin-provider.js';
import { getKnowledgeBase } from '../src/server/ai/create-provider.js';
import { DEFAULT_AI_SETTINGS } from '../src/common/ai.js';
import { evalQuestions } from './ai-eval-questions.js';

export async function benchAiLatency(rounds = 20) {
  const provider = createBuiltinProvider(getKnowledgeBase());
  const baselineStart = performance.now();
  for (let i = 0; i < rounds * evalQuestions.length; i++) JSON.stringify(evalQuestions[i % evalQuestions.length]);
  const baseline = (performance.now() - baselineStart) / (rounds * evalQuestions.length);
  const latencies: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const item of evalQuestions) {
      const started = performance.now();
      await provider.answer({ question: item.question, history: [], settings: DEFAULT_AI_SETTINGS });
      latencies.push(performance.now() - started);
    }
  }
  latencies.sort((a, b) => a - b);
  const p = (q: number) => latencies[Math.floor((q / 100) * (latencies.length - 1))]!.toFixed(2);
  console.log(`built-in answer over ${latencies.length} questions: p50 ${p(50)} ms, p95 ${p(95)} ms, max ${latencies.at(-1)!.toFixed(2)} ms (budget p95 50 ms; same-run baseline of serialising the question: ${(baseline * 1000).toFixed(1)} µs)`);
}
