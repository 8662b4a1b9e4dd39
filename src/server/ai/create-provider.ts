import type { Config } from '../config.js';
import type { AiProvider } from './provider.js';
import { allArticles } from './knowledge-base/articles/index.js';
import { createBuiltinProvider } from './builtin/builtin-provider.js';
import { categoryOf, KnowledgeBase } from './knowledge-base/knowledge-base.js';
import { decideTopic } from './conversation/topic-decision.js';
import { createOpenAiProvider } from './openai/openai-provider.js';
import { createBraveSearch, createSearxngSearch, type WebSearch } from './openai/web-search.js';

let knowledgeBase: KnowledgeBase | undefined;

/** The knowledge base is built once per process; it is read-only. */
export function getKnowledgeBase(): KnowledgeBase {
  knowledgeBase ??= new KnowledgeBase(allArticles);
  return knowledgeBase;
}

function createWebSearch(config: Config): WebSearch | undefined {
  if (config.SEARCH_PROVIDER === 'searxng' && config.SEARCH_URL) return createSearxngSearch(config.SEARCH_URL);
  if (config.SEARCH_PROVIDER === 'brave' && config.SEARCH_API_KEY) return createBraveSearch(config.SEARCH_API_KEY, config.SEARCH_URL);
  return undefined;
}

/** The assistant's engine from the configuration; the built-in one unless AI_PROVIDER=openai. */
export async function createAiProvider(config: Config): Promise<{ provider: AiProvider; builtin: AiProvider }> {
  const kb = getKnowledgeBase();
  const builtin = createBuiltinProvider(kb);
  if (config.AI_PROVIDER !== 'openai') return { provider: builtin, builtin };
  const provider = await createOpenAiProvider({
    baseURL: config.AI_BASE_URL,
    apiKey: config.AI_API_KEY,
    model: config.AI_MODEL!,
    visionModel: config.AI_VISION_MODEL,
    search: createWebSearch(config),
    classify: (text) => categoryOf(kb.search(text)),
    decideTopic: (question, history) => decideTopic(kb, question, history),
    timeoutMs: config.AI_TIMEOUT_MS,
  });
  return { provider, builtin };
}
