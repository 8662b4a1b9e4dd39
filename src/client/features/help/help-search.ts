import type { HelpTopic } from './help-topics';

/** The words of a search, lower case; an empty search has none. */
function wordsOf(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

/**
 * The topics with the questions that hold every word of the search, in their question or answer; every
 * topic whole for an empty search, none without a match.
 */
export function searchHelp(topics: readonly HelpTopic[], query: string): HelpTopic[] {
  const words = wordsOf(query);
  if (words.length === 0) return [...topics];
  return topics
    .map((topic) => ({
      ...topic,
      questions: topic.questions.filter((question) => {
        const text = [topic.title, question.question, ...question.answer].join(' ').toLowerCase();
        return words.every((word) => text.includes(word));
      }),
    }))
    .filter((topic) => topic.questions.length > 0);
}
