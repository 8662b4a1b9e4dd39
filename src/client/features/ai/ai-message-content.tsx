import { Fragment } from 'react';
import { parseReferences, type Reference } from '@common/ai-references';
import { parseBlocks, parseInline, type InlineRun, type TextBlock } from './ai-text';
import { ReferenceList } from './reference-list';

/** A [n] marker as a link to its reference, underlined so it reads as a link and not as coloured text. */
function Citation({ n, reference }: { n: number; reference: Reference | undefined }) {
  if (!reference?.url) return <>[{n}]</>;
  return (
    <a
      href={reference.url}
      target="_blank"
      rel="noopener noreferrer"
      title={reference.title}
      className="font-medium text-navy-600 underline decoration-navy-300 underline-offset-2 hover:text-navy-800 hover:decoration-navy-700"
    >
      [{n}]<span className="sr-only"> {reference.title} (opens in a new tab)</span>
    </a>
  );
}

function Runs({ runs, references }: { runs: InlineRun[]; references: Map<number, Reference> }) {
  return runs.map((run, i) => {
    if (run.kind === 'text') return <Fragment key={i}>{run.text}</Fragment>;
    if (run.kind === 'citation') return <Citation key={i} n={run.n} reference={references.get(run.n)} />;
    return (
      <strong key={i} className="font-semibold text-slate-900">
        <Runs runs={run.runs} references={references} />
      </strong>
    );
  });
}

function Block({ block, references }: { block: TextBlock; references: Map<number, Reference> }) {
  const inline = (text: string) => <Runs runs={parseInline(text)} references={references} />;
  switch (block.kind) {
    case 'heading':
      return <p className="font-semibold text-slate-900">{inline(block.text)}</p>;
    case 'paragraph':
      return (
        <p>
          {block.lines.map((line, i) => (
            <Fragment key={i}>
              {i > 0 ? <br /> : null}
              {inline(line)}
            </Fragment>
          ))}
        </p>
      );
    case 'bullets':
      return (
        <ul className="list-disc space-y-1 pl-5">
          {block.items.map((item, i) => (
            <li key={i}>{inline(item)}</li>
          ))}
        </ul>
      );
    case 'numbered':
      return (
        <ol start={block.start} className="list-decimal space-y-1 pl-5">
          {block.items.map((item, i) => (
            <li key={i}>{inline(item)}</li>
          ))}
        </ol>
      );
  }
}

/**
 * An AI answer as React text nodes, never as HTML: paragraphs, bold runs, lists, [n] markers linked to
 * the references, and the references listed underneath.
 */
export function AiMessageContent({ content }: { content: string }) {
  const { body, references } = parseReferences(content);
  const byNumber = new Map(references.map((reference) => [reference.n, reference]));
  return (
    <div className="flex flex-col gap-2">
      {parseBlocks(body).map((block, i) => (
        <Block key={i} block={block} references={byNumber} />
      ))}
      {references.length > 0 ? <ReferenceList references={references} /> : null}
    </div>
  );
}
