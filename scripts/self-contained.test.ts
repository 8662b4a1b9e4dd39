import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The repository explains itself: code cites docs/PRODUCT.md and docs/ARCHITECTURE.md, never documents
// the repository does not hold, and every anchor it cites is a heading of the document it names.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SCANNED = ['src', 'e2e', 'bench', 'scripts'];
const TEXT_FILE = /\.(ts|tsx|js|mjs|cjs|json|css|html|sql|md|txt)$/;
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'data', 'test-results']);

/** Citations of documents outside the repository, and issue numbers, which mean nothing to a reader. */
const OUTSIDE_CITATIONS: { what: string; pattern: RegExp }[] = [
  { what: 'the original specification', pattern: /\b(?:spec|specification|document)s?\s+0{2}[01]\b/i },
  { what: 'the design contract', pattern: /\bDESIGN\.md\b/ },
  { what: 'the stack notes', pattern: /\bSTACK-NOTES\b/ },
  { what: 'the style guide', pattern: /\bSTYLE\.md\b/ },
  { what: 'the shared folder', pattern: /\.\.\/shared\b/ },
  { what: 'an issue number', pattern: /\bissues?\s+#?\d+\b/i },
];

const DOC_ANCHOR = /docs\/(PRODUCT|ARCHITECTURE)\.md#([\w-]+)/g;

function filesUnder(dir: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    if (SKIPPED_FOLDERS.has(name)) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) found.push(...filesUnder(full));
    else if (TEXT_FILE.test(name)) found.push(full);
  }
  return found;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to '-'; repeats get -1, -2, ... */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let inFence = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    const heading = inFence ? null : /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const text = heading[1]!.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

const files = SCANNED.flatMap((dir) => filesUnder(path.join(root, dir)));
const read = (file: string) => readFileSync(file, 'utf8');

describe('the repository is self-contained', () => {
  it('cites no document the repository does not hold, and no issue numbers', () => {
    const found = files.flatMap((file) =>
      read(file)
        .split('\n')
        .flatMap((line, i) =>
          OUTSIDE_CITATIONS.filter(({ pattern }) => pattern.test(line)).map(
            ({ what }) => `${path.relative(root, file)}:${i + 1} cites ${what}: ${line.trim()}`,
          ),
        ),
    );
    expect(found).toEqual([]);
  });

  it("cites only anchors that are headings of docs/PRODUCT.md and docs/ARCHITECTURE.md", () => {
    const anchors = {
      PRODUCT: headingAnchors(read(path.join(root, 'docs/PRODUCT.md'))),
      ARCHITECTURE: headingAnchors(read(path.join(root, 'docs/ARCHITECTURE.md'))),
    };
    const citing = [...files, path.join(root, 'README.md')];
    const cited = citing.flatMap((file) =>
      [...read(file).matchAll(DOC_ANCHOR)].map(([, doc, anchor]) => ({ file, doc: doc as keyof typeof anchors, anchor: anchor! })),
    );
    const missing = cited
      .filter(({ doc, anchor }) => !anchors[doc].has(anchor))
      .map(({ file, doc, anchor }) => `${path.relative(root, file)}: docs/${doc}.md#${anchor}`);
    expect(missing).toEqual([]);
    expect(cited.length).toBeGreaterThan(0);
  });

  it("keeps the documents' own links to their sections whole", () => {
    const docs = { 'PRODUCT.md': read(path.join(root, 'docs/PRODUCT.md')), 'ARCHITECTURE.md': read(path.join(root, 'docs/ARCHITECTURE.md')) };
    const missing = Object.entries(docs).flatMap(([name, text]) =>
      [...text.matchAll(/\]\(((?:PRODUCT|ARCHITECTURE)\.md)?#([\w-]+)\)/g)]
        .filter(([, target, anchor]) => !headingAnchors(docs[(target ?? name) as keyof typeof docs]).has(anchor!))
        .map(([link]) => `docs/${name}: ${link}`),
    );
    expect(missing).toEqual([]);
  });

  it('makes anchors as GitHub does', () => {
    expect([...headingAnchors('# Product\n## Booking rules\n### A booking, from route to commit\n## Booking rules')]).toEqual([
      'product',
      'booking-rules',
      'a-booking-from-route-to-commit',
      'booking-rules-1',
    ]);
    expect(headingAnchors('```\n# not a heading\n```\n## Booking e-mails and reminders').has('booking-e-mails-and-reminders')).toBe(true);
  });
});
