/** The '**References:**' block of an AI answer (spec 000 section 3). */
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

const LINE = /^\s*\[(\d+)\]\s*(.+?)\s*$/;

/** Parses one reference line: '[n] title - url' or '[n] url'. */
function parseLine(line: string): Reference | null {
  const match = LINE.exec(line);
  if (!match) return null;
  const n = Number(match[1]);
  const rest = match[2]!;
  const dash = rest.lastIndexOf(' - ');
  if (dash > 0) {
    const title = rest.slice(0, dash).trim();
    const url = normalizeReferenceUrl(rest.slice(dash + 3));
    return { n, title: title || rest, url };
  }
  const url = normalizeReferenceUrl(rest);
  return { n, title: url ?? rest, url };
}

/** Splits AI text into its body and its references; text without the marker has none. */
export function parseReferences(text: string): { body: string; references: Reference[] } {
  const index = text.indexOf(REFERENCES_MARKER);
  if (index === -1) return { body: text, references: [] };
  const body = text.slice(0, index).trimEnd();
  const references = text
    .slice(index + REFERENCES_MARKER.length)
    .split('\n')
    .map(parseLine)
    .filter((r): r is Reference => r !== null);
  return { body, references };
}

/** Writes references in the spec's format, the inverse of parseReferences. */
export function formatReferences(references: { title: string; url: string }[]): string {
  if (references.length === 0) return '';
  return [REFERENCES_MARKER, ...references.map((r, i) => `[${i + 1}] ${r.title} - ${r.url}`)].join('\n');
}
