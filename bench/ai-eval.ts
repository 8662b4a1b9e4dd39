// npm run eval:ai — the assistant's own question set (category accuracy, concept coverage, latency), its
// multi-turn conversations (topic changes, follow-ups, returns), and questions about the owner's boat asked
// with the boat and without it. `-- --verbose` lists the misses.
import { performance } from 'node:perf_hooks';
import { createBuiltinProvider } from '../src/server/ai/builtin/builtin-provider.js';
import { getKnowledgeBase } from '../src/server/ai/create-provider.js';
import { KnowledgeBase } from '../src/server/ai/knowledge-base/knowledge-base.js';
import { allArticles } from '../src/server/ai/knowledge-base/articles/index.js';
import { DEFAULT_AI_SETTINGS } from '../src/common/ai.js';
import { evalQuestions } from './ai-eval-questions.js';
import { evalConversations } from './ai-eval-conversations.js';
import { evaluateConversations } from './ai-eval-multi-turn.js';
import { boatEvalCases, otherEngineMakers } from './ai-eval-boats.js';

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

// With the boat and without it: the same question, as a new conversation.
const isEngineCase = (item: (typeof boatEvalCases)[number]) => item.boat.engine !== null && (item.category === 'engine' || item.category === 'maintenance');
/** The titles of the answer's references ('[2] Yamaha Outboards: owner's manuals - https://…'), lower case. */
const referenceTitles = (text: string) =>
  (text.split('**References:**')[1] ?? '')
    .split('\n')
    .map((line) => line.replace(/ - https?:\/\/\S+$/, '').toLowerCase())
    .join('\n');
const ASSUMED = /^_I have assumed this is about your boat ([^\n]*)_\n\n/;
const boatFigures = {
  withBoat: { detail: 0, category: 0, concepts: 0, violations: 0, otherMaker: 0 },
  withoutBoat: { detail: 0, category: 0, concepts: 0, violations: 0, otherMaker: 0 },
  detailCases: boatEvalCases.filter((item) => item.mustUse.length > 0).length,
  guardedCases: boatEvalCases.filter((item) => item.mustNotUse.length > 0).length,
  engineCases: boatEvalCases.filter((item) => isEngineCase(item)).length,
  conceptsTotal: boatEvalCases.reduce((sum, item) => sum + item.concepts.length, 0),
  assumed: 0,
};
const boatMisses: string[] = [];
for (const item of boatEvalCases) {
  const label = `${item.question} (${item.boat.name}: ${item.boat.engine ? `${item.boat.engine.make} ${item.boat.engine.model}` : 'no engine'})`;
  for (const withBoat of [true, false]) {
    const figures = withBoat ? boatFigures.withBoat : boatFigures.withoutBoat;
    const way = withBoat ? 'with the boat' : 'without it';
    const miss = (what: string) => boatMisses.push(`  [${way}] ${what}: ${label}`);
    const { text, category } = await provider.answer({ question: item.question, history: [], settings: DEFAULT_AI_SETTINGS, boat: withBoat ? item.boat : undefined });
    // The 'assumed' line names the boat and its engine: what the answer makes of them is judged on the rest.
    const assumed = ASSUMED.exec(text);
    if (withBoat) {
      if (assumed?.[1]?.startsWith(`${item.boat.name}, `)) boatFigures.assumed += 1;
      else miss(`no 'I have assumed this is about your boat ${item.boat.name}' line (starts '${text.slice(0, 60)}')`);
    }
    const body = (assumed ? text.slice(assumed[0].length) : text).toLowerCase();
    if (item.mustUse.length > 0) {
      // The question back's example ('for example Yamaha F150 or Mercury 90 FourStroke') is no use of a boat.
      const judged = body.replace(/\(for example [^)]*\)/g, '');
      const missing = item.mustUse.filter((word) => !judged.includes(word));
      if (missing.length === 0) figures.detail += 1;
      else if (withBoat) miss(`boat detail not used (${missing.join(', ')})`);
    }
    const used = item.mustNotUse.filter((word) => body.includes(word));
    if (used.length > 0) {
      figures.violations += 1;
      miss(`says what it must not (${used.join(', ')})`);
    }
    if (isEngineCase(item)) {
      const titles = referenceTitles(text);
      const others = otherEngineMakers(item.boat).filter((maker) => titles.includes(maker));
      if (others.length > 0) {
        figures.otherMaker += 1;
        if (withBoat) miss(`cites another engine maker (${others.join(', ')})`);
      }
    }
    if (category === item.category) figures.category += 1;
    else miss(`category ${category} instead of ${item.category}`);
    for (const alternatives of item.concepts) {
      if (alternatives.some((a) => body.includes(a))) figures.concepts += 1;
      else miss(`missing [${alternatives.join(' | ')}]`);
    }
  }
}
const withOrWithout = (key: keyof typeof boatFigures.withBoat, total: number) =>
  `with the boat ${share({ passed: boatFigures.withBoat[key], total })}, without it ${share({ passed: boatFigures.withoutBoat[key], total })}`;
console.log('');
console.log(`boat cases: ${boatEvalCases.length} (${new Set(boatEvalCases.map((item) => item.boat.name)).size} boats), each asked with the boat and without it`);
console.log(`boat-detail use:        ${withOrWithout('detail', boatFigures.detailCases)} (every word it must use)`);
console.log(`'assumed boat' line:    ${share({ passed: boatFigures.assumed, total: boatEvalCases.length })} of the answers with the boat`);
console.log(`must-not-use violated:  ${withOrWithout('violations', boatFigures.guardedCases)}`);
console.log(`another maker's pages:  ${withOrWithout('otherMaker', boatFigures.engineCases)} (engine and maintenance questions: a reference to another engine maker)`);
console.log(`category accuracy:      ${withOrWithout('category', boatEvalCases.length)}`);
console.log(`concept coverage:       ${withOrWithout('concepts', boatFigures.conceptsTotal)}`);
if (process.argv.includes('--verbose')) console.log([...misses, ...multi.misses, ...boatMisses].join('\n'));
