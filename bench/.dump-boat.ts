import { createBuiltinProvider } from '../src/server/ai/builtin/builtin-provider.js';
import { getKnowledgeBase } from '../src/server/ai/create-provider.js';
import { DEFAULT_AI_SETTINGS } from '../src/common/ai.js';
import { boatEvalCases } from './ai-eval-boats.js';
const p = createBuiltinProvider(getKnowledgeBase());
const which = process.argv.slice(2).map(Number);
for (const i of which) {
  const c = boatEvalCases[i]!;
  for (const boat of [c.boat, undefined]) {
    const a = await p.answer({ question: c.question, history: [], settings: DEFAULT_AI_SETTINGS, boat });
    console.log(`===== #${i} ${boat ? 'WITH' : 'WITHOUT'} ${a.category}: ${c.question}`);
    console.log(a.text);
  }
}
