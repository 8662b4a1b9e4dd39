import MiniSearch from 'minisearch';
import type { AiCategory } from '../../../common/ai-rules.js';
import type { KbArticle } from './article.js';
import { expandSynonyms } from './synonyms.js';
import { tokenize } from './text-normalization.js';
import { TermStats } from './term-stats.js';
import { SearchCache } from './search-cache.js';

export interface Evidence {
  article: KbArticle;
  score: number;
  /** Query words that matched the article's title, symptoms or keywords. */
  strongTerms: string[];
}

/** What a question is filed under: the category of its best evidence, or 'general' when there is none. */
export function categoryOf(evidence: Evidence[]): AiCategory {
  return evidence[0]?.article.category ?? 'general';
}

const STRONG_FIELDS = new Set(['title', 'symptoms', 'keywords']);
/** Below this, the best article is not good evidence; tuned with `npm run eval:ai`. */
const MIN_SCORE = 30;
/** About 2 MB of recent query texts: every active conversation's messages, several times over. */
const CACHED_QUERY_CHARS = 1_000_000;

interface IndexedArticle {
  id: string;
  title: string;
  symptoms: string;
  keywords: string;
  appliesTo: string;
  summary: string;
  causes: string;
}

/** The built-in knowledge base: minisearch over the articles, with field boosts, fuzzy and prefix matching. */
export class KnowledgeBase {
  private readonly index: MiniSearch<IndexedArticle>;
  private readonly byId: Map<string, KbArticle>;
  /** Which words name which articles' subjects, and how telling each word is. */
  readonly terms: TermStats;
  private readonly recent = new SearchCache<Evidence[]>(CACHED_QUERY_CHARS);

  constructor(readonly articles: readonly KbArticle[]) {
    this.byId = new Map(articles.map((a) => [a.id, a]));
    this.terms = new TermStats(articles);
    this.index = new MiniSearch<IndexedArticle>({
      fields: ['title', 'symptoms', 'keywords', 'appliesTo', 'summary', 'causes'],
      tokenize,
      processTerm: (term) => term,
      searchOptions: {
        boost: { symptoms: 3, title: 2.5, keywords: 2, appliesTo: 1.2, summary: 0.6, causes: 0.5 },
        // One typo allowed in longer words; prefixes only from five letters, so 'dies' does not find 'diesel'.
        fuzzy: (term) => (term.length >= 6 ? 1 : false),
        prefix: (term) => term.length >= 5,
        combineWith: 'OR',
      },
    });
    this.index.addAll(
      articles.map((a) => ({
        id: a.id,
        title: a.title,
        symptoms: a.symptoms.join(' . '),
        keywords: a.keywords.join(' . '),
        appliesTo: a.appliesTo.join(' . '),
        summary: a.summary,
        causes: a.causes.join(' . '),
      })),
    );
  }

  /** Articles that answer the text, best first; only good evidence (enough score on strong fields). */
  search(text: string, limit = 3): Evidence[] {
    const key = `${limit}:${text}`;
    const cached = this.recent.get(key);
    if (cached) return cached;
    const evidence = this.score(text, limit);
    this.recent.set(key, evidence);
    return evidence;
  }

  private score(text: string, limit: number): Evidence[] {
    const results = this.index.search(expandSynonyms(text));
    const evidence: Evidence[] = [];
    for (const result of results) {
      const strongTerms = Object.entries(result.match)
        .filter(([, fields]) => fields.some((field) => STRONG_FIELDS.has(field)))
        .map(([term]) => term);
      if (result.score < MIN_SCORE || strongTerms.length === 0) continue;
      evidence.push({ article: this.byId.get(result.id as string)!, score: result.score, strongTerms });
      if (evidence.length === limit) break;
    }
    return evidence;
  }
}
