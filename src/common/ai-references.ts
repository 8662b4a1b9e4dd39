/** The '**References:**' block of an AI answer (docs/PRODUCT.md#ai-assistant). */
export interface Reference {
  n: number;
  title: string;
  /** An http(s) address, or null when the reference named something that is not a web link. */
  url: string | null;
}

export const REFERENCES_MARKER = '**References:**';

/**
 * Makes an address safe to link: http and https stay, an address without a scheme gets https, anything
 * else (javascript:, data:, mailto:, ...) is not a link.
 */
export function normalizeReferenceUrl(raw: string): string | null {
  const value = raw.trim().replace(/[)>.,;]+$/, '');
  if (!value) return null;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
  const candidate = scheme ? value : `https://${value.replace(/^\/+/, '')}`;
  if (scheme && scheme !== 'http' && scheme !== 'https') return null;
  try {
    const url = new URL(candidate);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (!url.hostname.includes('.')) return null;
    return url.href;
  } catch {
    return null;
  }
}

// Models write the marker in their own ways ('References:', '## Sources'): a line of its own that says it.
const MARKER_LINE = /^[ \t]*(?:#{1,6}[ \t]*)?(?:\*\*|__)?[ \t]*(?:references|sources)[ \t]*:?[ \t]*(?:\*\*|__)?[ \t]*:?[ \t]*$/im;
const LINE = /^\s*(?:\[(\d+)\]|(\d+)[.)])\s*:?\s*(.+?)\s*$/;
const MARKDOWN_LINK = /^\[([^\]]+)\]\(([^)\s]+)\)$/;
// 'title: url', 'title (url)', 'title <url>', 'title — url'.
const TITLE_THEN_URL = /^(.*?\S)\s*[:–—]?\s+[(<]?((?:https?:\/\/|www\.)[^\s)>]+)[)>]?$/i;

/** The references marker ('**References:**', or a model's variant of it on a line of its own), if any. */
function findMarker(text: string): { index: number; length: number } | null {
  const index = text.indexOf(REFERENCES_MARKER);
  if (index !== -1) return { index, length: REFERENCES_MARKER.length };
  const line = MARKER_LINE.exec(text);
  return line ? { index: line.index, length: line[0].length } : null;
}

/** The text has a references block. */
export function hasReferences(text: string): boolean {
  return findMarker(text) !== null;
}

/**
 * Parses one reference line: '[n] title - url' or '[n] url', and the forms models also
 * write: '[n] [title](url)', '[n] title: url', '[n] title (url)', 'n. title - url'.
 */
function parseLine(line: string): Reference | null {
  const match = LINE.exec(line);
  if (!match) return null;
  const n = Number(match[1] ?? match[2]);
  const rest = match[3]!;
  const markdown = MARKDOWN_LINK.exec(rest);
  if (markdown) return { n, title: markdown[1]!.trim(), url: normalizeReferenceUrl(markdown[2]!) };
  const dash = rest.lastIndexOf(' - ');
  if (dash > 0) {
    const title = rest.slice(0, dash).trim();
    const url = normalizeReferenceUrl(rest.slice(dash + 3));
    return { n, title: title || rest, url };
  }
  const titled = TITLE_THEN_URL.exec(rest);
  if (titled) {
    const url = normalizeReferenceUrl(titled[2]!);
    if (url) return { n, title: titled[1]!.replace(/[\s:–—-]+$/, ''), url };
  }
  const url = normalizeReferenceUrl(rest);
  return { n, title: url ?? rest, url };
}

/** Splits AI text into its body and its references; text without the marker has none. */
export function parseReferences(text: string): { body: string; references: Reference[] } {
  const marker = findMarker(text);
  if (!marker) return { body: text, references: [] };
  const body = text.slice(0, marker.index).trimEnd();
  const references = text
    .slice(marker.index + marker.length)
    .split('\n')
    .map(parseLine)
    .filter((r): r is Reference => r !== null);
  return { body, references };
}

/** Writes references in the product's format, the inverse of parseReferences. */
export function formatReferences(references: { title: string; url: string }[]): string {
  if (references.length === 0) return '';
  return [REFERENCES_MARKER, ...references.map((r, i) => `[${i + 1}] ${r.title} - ${r.url}`)].join('\n');
}
