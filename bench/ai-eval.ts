// npm run eval:ai — the assistant's own question set: category accuracy, concept coverage, latency.
import { performance } from 'node:perf_hooks';
import { createBuiltinProvider } from '../src/server/ai/builtin/builtin-provider.js';
import { getKnowledgeBase } from '../src/server/ai/create-provider.js';
import { DEFAULT_AI_SETTINGS } from '../src/common/ai.js';
import { evalQuestions } from './ai-eval-questions.js';

const provider = createBuiltinProvider(getKnowledgeBase());
let correct = 0;
let conceptsFound = 0;
let conceptsTotal = 0;
const latencies: number[] = [];
const misses: string[] = [];

for (const item of evalQuestions) {
  const started = performance.now();
  const { text, category } = await provider.answer({ question: item.question, history: [], settings: DEFAULT_AI_SETTINGS });
  latencies.push(performance.now() - started);
  const answer = text.toLowerCase();
  if (category === item.category) correct += 1;
  else misses.push(`  category ${category} instead of ${item.category}: ${item.question}`);
  for (const alternatives of item.concepts) {
    conceptsTotal += 1;
    if (alternatives.some((a) => answer.includes(a))) conceptsFound += 1;
    else misses.push(`  missing [${alternatives.join(' | ')}]: ${item.question}`);
  }
}

latencies.sort((a, b) => a - b);
const percentile = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!;
console.log(`questions: ${evalQuestions.length}, articles: ${getKnowledgeBase().articles.length}`);
console.log(`category accuracy: ${correct}/${evalQuestions.length} (${((correct / evalQuestions.length) * 100).toFixed(1)}%)`);
console.log(`concept coverage:  ${conceptsFound}/${conceptsTotal} (${((conceptsFound / conceptsTotal) * 100).toFixed(1)}%)`);
console.log(`latency: p50 ${percentile(50).toFixed(2)} ms, p95 ${percentile(95).toFixed(2)} ms, max ${latencies.at(-1)!.toFixed(2)} ms`);
if (process.argv.includes('--verbose')) console.log(misses.join('\n'));
