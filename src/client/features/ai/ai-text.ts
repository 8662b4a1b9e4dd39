/** The light markdown an AI answer uses, parsed into blocks and inline runs that React renders as text. */

export type InlineRun =
  | { kind: 'text'; text: string }
  | { kind: 'bold'; runs: InlineRun[] }
  /** A bracket marker such as [2], pointing into the answer's references. */
  | { kind: 'citation'; n: number };

export type TextBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; lines: string[] }
  | { kind: 'bullets'; items: string[] }
  | { kind: 'numbered'; start: number; items: string[] };

const HEADING = /^\s*#{1,6}\s+(.+)$/;
const BULLET = /^\s*[-*•]\s+(.*)$/;
const NUMBERED = /^\s*(\d+)[.)]\s+(.*)$/;

export function parseBlocks(body: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  const last = () => blocks[blocks.length - 1];
  let open = false;

  for (const line of body.replace(/\r\n?/g, '\n').split('\n')) {
    if (!line.trim()) {
      open = false;
      continue;
    }
    const heading = HEADING.exec(line);
    const bullet = BULLET.exec(line);
    const numbered = NUMBERED.exec(line);
    const current = open ? last() : undefined;

    if (heading) {
      blocks.push({ kind: 'heading', text: heading[1]!.trim() });
      open = false;
      continue;
    }
    if (bullet) {
      if (current?.kind === 'bullets') current.items.push(bullet[1]!);
      else blocks.push({ kind: 'bullets', items: [bullet[1]!] });
    } else if (numbered) {
      if (current?.kind === 'numbered') current.items.push(numbered[2]!);
      else blocks.push({ kind: 'numbered', start: Number(numbered[1]), items: [numbered[2]!] });
    } else if (current?.kind === 'paragraph') {
      current.lines.push(line.trim());
    } else {
      blocks.push({ kind: 'paragraph', lines: [line.trim()] });
    }
    open = true;
  }
  return blocks;
}

function parseCitations(text: string): InlineRun[] {
  const runs: InlineRun[] = [];
  let from = 0;
  for (const match of text.matchAll(/\[(\d+)\]/g)) {
    if (match.index > from) runs.push({ kind: 'text', text: text.slice(from, match.index) });
    runs.push({ kind: 'citation', n: Number(match[1]) });
    from = match.index + match[0].length;
  }
  if (from < text.length) runs.push({ kind: 'text', text: text.slice(from) });
  return runs;
}

/** '**bold**' runs and [n] markers; a lone '**' stays as written. */
export function parseInline(text: string): InlineRun[] {
  const runs: InlineRun[] = [];
  let from = 0;
  for (const match of text.matchAll(/\*\*(.+?)\*\*/g)) {
    runs.push(...parseCitations(text.slice(from, match.index)));
    runs.push({ kind: 'bold', runs: parseCitations(match[1]!) });
    from = match.index + match[0].length;
  }
  runs.push(...parseCitations(text.slice(from)));
  return runs;
}
