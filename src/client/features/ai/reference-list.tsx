import { ExternalLink } from 'lucide-react';
import type { Reference } from '@common/ai-references';

function hostOf(url: string): string {
  return new URL(url).hostname.replace(/^www\./, '');
}

/** The answer's references under its text; every link opens in a new tab. */
export function ReferenceList({ references }: { references: Reference[] }) {
  return (
    <div className="mt-3 border-t border-slate-200 pt-3">
      <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">References</p>
      <ol className="mt-1.5 flex flex-col gap-1.5">
        {references.map((reference) => (
          <li key={reference.n} className="flex gap-1.5 text-sm">
            <span className="shrink-0 text-slate-600">[{reference.n}]</span>
            {reference.url ? (
              <a
                href={reference.url}
                target="_blank"
                rel="noopener noreferrer"
                className="min-w-0 font-medium text-navy-600 underline-offset-2 hover:underline"
              >
                {reference.title}
                <span className="ml-1 font-normal text-slate-600">({hostOf(reference.url)})</span>
                <ExternalLink aria-hidden className="ml-1 inline size-3.5 align-[-2px]" />
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            ) : (
              <span className="min-w-0 text-slate-700">{reference.title}</span>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
