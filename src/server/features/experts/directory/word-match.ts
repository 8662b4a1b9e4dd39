import { wordPattern } from '../search-terms.js';

/**
 * PostgreSQL's word characters in a regex (`\m`, `\M`, `\w`) under a UTF-8 ctype: letters and digits of
 * any script, and the underscore. The directory matches words exactly as `search_text ~ wordPattern(w)`
 * does on the database, so the listing answers what the plain query answers.
 */
const WORD = String.raw`[\p{L}\p{N}_]`;
const WORD_RUN = new RegExp(`${WORD}+`, 'gu');
const WHOLE_WORD = new RegExp(`^${WORD}+$`, 'u');
const LEADING_RUN = new RegExp(`^${WORD}+`, 'u');

/** The distinct words of a text, as PostgreSQL's regex sees word boundaries. */
export function textTokens(text: string): string[] {
  return [...new Set(text.match(WORD_RUN) ?? [])];
}

/**
 * How the index finds the texts a search word matches:
 * - `prefix`: some word of the text starts with `token` (the search word is all word characters);
 * - `equal`: some word of the text is `token` (one- and two-letter words match whole words only);
 * - `verify`: the word holds other characters ("o'brien", "st.", "33901-1"), so a match is a word of the
 *   text equal to its leading run (`token`), confirmed by `pattern` on the whole text;
 * - `none`: the word starts with a character that cannot start a word, so no text matches it.
 */
export type WordRule =
  | { kind: 'prefix' | 'equal'; token: string }
  | { kind: 'verify'; token: string; pattern: RegExp }
  | { kind: 'none' };

export function wordRule(word: string): WordRule {
  if (WHOLE_WORD.test(word)) return { kind: word.length <= 2 ? 'equal' : 'prefix', token: word };
  const run = LEADING_RUN.exec(word)?.[0];
  if (!run) return { kind: 'none' };
  return { kind: 'verify', token: run, pattern: toJsPattern(wordPattern(word)) };
}

/** PostgreSQL's `\m` (a word starts here) and `\M` (a word ends here), written out for JavaScript. */
const WORD_START = `(?<!${WORD})(?=${WORD})`;
const WORD_END = `(?<=${WORD})(?!${WORD})`;

/** wordPattern's PostgreSQL regex as a JavaScript one: the same escapes, with \m and \M spelled out. */
function toJsPattern(postgresPattern: string): RegExp {
  const source = postgresPattern.replace(/\\m|\\M|\\(.)/gs, (token, escaped: string | undefined) =>
    token === '\\m' ? WORD_START : token === '\\M' ? WORD_END : `\\${escaped}`,
  );
  return new RegExp(source, 'u');
}
