import { describe, expect, it } from 'vitest';
import { HELP_TOPICS, HELP_TOPIC_IDS } from './help-topics';
import { searchHelp } from './help-search';

describe('searchHelp', () => {
  it('answers every topic for an empty search', () => {
    expect(searchHelp(HELP_TOPICS, '  ').map((topic) => topic.id)).toEqual([...HELP_TOPIC_IDS]);
  });

  it('keeps the questions holding every word, in any case', () => {
    const found = searchHelp(HELP_TOPICS, 'RECORDED calls');
    expect(found.map((topic) => topic.id)).toEqual(['calls']);
    expect(found[0]!.questions.map((question) => question.id)).toEqual(['call-recorded']);
  });

  it('finds nothing for words no answer holds', () => {
    expect(searchHelp(HELP_TOPICS, 'submarine periscope')).toEqual([]);
  });

  it('gives each question an anchor of its own', () => {
    const ids = HELP_TOPICS.flatMap((topic) => [topic.id, ...topic.questions.map((question) => question.id)]);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
