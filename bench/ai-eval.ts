// npm run eval:ai — the assistant's own question set (category accuracy, concept coverage, latency) and its
// multi-turn conversations (topic changes, follow-ups, returns). `-- --verbose` lists the misses.
import { performance } from 'node:perf_hooks';
import { createBuiltinProvider } from '../src/server/ai/builtin/builtin-provider.js';
import { getKnowledgeBase } from '../src/server/ai/create-provider.js';
import { KnowledgeBase } from '../src/server/ai/knowledge-base/knowledge-base.js';
import { allArticles } from '../src/server/ai/knowledge-base/articles/index.js';
import { DEFAULT_AI_SETTINGS } from '../src/common/ai.js';
import { evalQuestions } from './ai-eval-questions.js';
import { evalConversations } from './ai-eval-conversations.js';
import { evaluateConversations } from './ai-eval-multi-turn.js';

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

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const percentile = (values: number[], p: number) => values[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;
const share = ({ passed, found, total }: { passed?: number; found?: number; total: number }) => {
  const n = passed ?? found ?? 0;
  if (total === 0) return '0/0';
  return `${n}/${total} (${((n / total) * 100).toFixed(1)}%)`;
};

const single = sorted(latencies);
console.log(`questions: ${evalQuestions.length}, articles: ${getKnowledgeBase().articles.length}`);
console.log(`category accuracy: ${share({ passed: correct, total: evalQuestions.length })}`);
console.log(`concept coverage:  ${share({ found: conceptsFound, total: conceptsTotal })}`);
console.log(`latency: p50 ${percentile(single, 50).toFixed(2)} ms, p95 ${percentile(single, 95).toFixed(2)} ms, max ${single.at(-1)!.toFixed(2)} ms`);

const multi = await evaluateConversations(() => createBuiltinProvider(new KnowledgeBase(allArticles)), evalConversations);
const count = (kind: string) => evalConversations.filter((c) => c.kind === kind).length;
const followUp = sorted(multi.followUpLatencies);
const topicChanges = { passed: multi.newTopic.passed + multi.returns.passed, total: multi.newTopic.total + multi.returns.total };
console.log('');
console.log(`conversations: ${evalConversations.length} (${count('new-topic')} new topic, ${count('follow-up')} follow-up, ${count('return')} return)`);
console.log(`topic-change accuracy:     ${share(topicChanges)} (new topic clean and in its category ${share(multi.newTopic)}, return openers ${share(multi.returns)})`);
console.log(`follow-up on its subject:   ${share(multi.followUpSubject)} (its category, no other subject's equipment)`);
console.log(`follow-up concept coverage: ${share(multi.followUpConcepts)}`);
console.log(`follow-up detail use:       ${share(multi.details)}`);
console.log(`new-topic and return concept coverage: ${share(multi.otherConcepts)}`);
console.log(`follow-up latency: p50 ${percentile(followUp, 50).toFixed(2)} ms, p95 ${percentile(followUp, 95).toFixed(2)} ms, max ${followUp.at(-1)!.toFixed(2)} ms`);
if (process.argv.includes('--verbose')) console.log([...misses, ...multi.misses].join('\n'));
