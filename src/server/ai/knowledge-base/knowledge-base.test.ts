import { describe, expect, it } from 'vitest';
import { KB_CATEGORIES, kbArticleSchema } from './article.js';
import { allArticles } from './articles/index.js';
import { categoryOf, KnowledgeBase } from './knowledge-base.js';
import { expandSynonyms } from './synonyms.js';

const kb = new KnowledgeBase(allArticles);

describe('the knowledge base articles', () => {
  it('are at least 80, valid, with unique ids, covering every category', () => {
    expect(allArticles.length).toBeGreaterThanOrEqual(80);
    for (const article of allArticles) kbArticleSchema.parse(article);
    expect(new Set(allArticles.map((a) => a.id)).size).toBe(allArticles.length);
    expect(new Set(allArticles.map((a) => a.category))).toEqual(new Set(KB_CATEGORIES));
  });

  it('cite only http(s) pages, never a search, forum or shop listing', () => {
    for (const reference of allArticles.flatMap((a) => a.references)) {
      expect(reference.url).toMatch(/^https?:\/\/[^\s]+\.[a-z]{2,}/);
      expect(reference.url).not.toMatch(/amazon\.|ebay\.|forum|\/search\?|google\./i);
    }
  });

  it('have sensible cost ranges', () => {
    for (const article of allArticles) expect(article.cost.low).toBeLessThanOrEqual(article.cost.high);
  });
});

describe('choosing the category', () => {
  // Phrasings written for this test, not taken from the eval set.
  it.each([
    ['the motor turns over and over but never catches', 'engine'],
    ['water temp gauge pegged and the buzzer went off, twin mercs', 'engine'],
    ['house bank drops to 11.9 volts by morning with everything off', 'electrical'],
    ['green crusty corrosion all over the battery terminals', 'electrical'],
    ['zincs on the outdrive are gone after two months at the marina', 'electrical'],
    ['garmin plotter lost satellites this morning', 'electronics'],
    ['what do I do to lay up a sterndrive for a freezing winter', 'maintenance'],
    ['little bubbles all over the bottom below the waterline after haul out', 'hull'],
    ['roller furling jammed halfway and the jib will not roll in', 'rigging'],
    ['the head will not flush and smells awful', 'plumbing'],
    ['what fire extinguishers does the coast guard require on a 22 foot boat', 'safety'],
    ['wheel hub on the trailer smoking after the highway', 'trailer'],
  ])("'%s' is %s", (question, category) => {
    expect(categoryOf(kb.search(question))).toBe(category);
  });

  it('finds nothing for questions that are not about boats, rather than something unrelated', () => {
    for (const question of ['what is the best pizza topping', 'hello', 'tell me a joke about cats', 'my boat']) {
      expect(kb.search(question)).toEqual([]);
    }
  });
});

describe('synonyms', () => {
  it("add the canonical words for the ways owners say 'it will not start'", () => {
    for (const phrase of ["won't start", 'cranks but wont fire', 'turns over but nothing', 'not starting']) {
      expect(expandSynonyms(phrase)).toContain('no start');
    }
    expect(expandSynonyms('chalky hull')).toContain('oxidation');
    expect(expandSynonyms('nice day')).toBe('nice day');
  });

  it('match where a word starts: a place or a drive name is not a radio or a propeller', () => {
    expect(expandSynonyms('boat is stored outside in michigan')).toBe('boat is stored outside in michigan');
    expect(expandSynonyms('volvo with the duoprop')).toBe('volvo with the duoprop');
    expect(expandSynonyms('the mic is dead')).toContain('vhf');
    expect(expandSynonyms('new props')).toContain('propeller');
  });
});
