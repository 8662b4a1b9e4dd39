import type { KbArticle } from './article.js';
import { tokenize } from './text-normalization.js';

/**
 * A word reduced to a rough stem ('overheats', 'overheating' and 'overheat' are one), so that an owner's
 * word can be found in an article however either of them inflected it.
 */
export function stem(word: string): string {
  for (const suffix of ['ing', 'ed', 'es', 's', 'e']) {
    if (word.length - suffix.length >= 4 && word.endsWith(suffix)) return word.slice(0, -suffix.length);
  }
  return word;
}

export const stems = (text: string): string[] => tokenize(text).map(stem);

const articleTextStems = new Map<string, string[]>();

/**
 * The stems of an article's text (a cause, a step, or the part of one that applies), worked out once:
 * articles do not change, and every answer reads the same few. Never for an owner's words, so the memory
 * stays in proportion to the knowledge base.
 */
export function articleStems(text: string): string[] {
  let found = articleTextStems.get(text);
  if (!found) {
    found = stems(text);
    articleTextStems.set(text, found);
  }
  return found;
}

/**
 * The stems of the fields that name an article's subject (title, symptoms, keywords), of its keywords alone
 * (the parts and systems it is about), and of all its text.
 */
export interface ArticleTerms {
  subject: Set<string>;
  parts: Set<string>;
  all: Set<string>;
}

function termsOf(article: KbArticle): ArticleTerms {
  const parts = stems(article.keywords.join(' . '));
  const subject = [...stems([article.title, ...article.symptoms].join(' . ')), ...parts];
  const rest = stems([article.summary, ...article.appliesTo, ...article.causes, ...article.steps, ...article.safety, article.callAPro].join(' . '));
  return { subject: new Set(subject), parts: new Set(parts), all: new Set([...subject, ...rest]) };
}

/**
 * How telling each word is about a subject: the inverse of how many articles use it. 'pump' is in dozens
 * of articles and says little; 'bilge' or 'furler' name a subject.
 */
export class TermStats {
  private readonly byArticle = new Map<string, ArticleTerms>();
  private readonly weights = new Map<string, number>();
  /** A word the knowledge base never uses: as telling as one used by a few articles. */
  private readonly unknownWeight: number;

  constructor(articles: readonly KbArticle[]) {
    const documentFrequency = new Map<string, number>();
    for (const article of articles) {
      const terms = termsOf(article);
      this.byArticle.set(article.id, terms);
      for (const term of terms.all) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
    }
    const total = articles.length;
    for (const [term, frequency] of documentFrequency) this.weights.set(term, Math.log((total + 1) / (frequency + 1)));
    this.unknownWeight = Math.log((total + 1) / 4);
  }

  /** The knowledge base uses the word somewhere. */
  knows(term: string): boolean {
    return this.weights.has(term);
  }

  weight(term: string): number {
    return this.weights.get(term) ?? this.unknownWeight;
  }

  of(articleId: string): ArticleTerms {
    return this.byArticle.get(articleId)!;
  }
}
