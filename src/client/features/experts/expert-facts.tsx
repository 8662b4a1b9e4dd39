import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

/** A short list of facts, each with an icon: location, years, travel range. */
export function ExpertFacts({ facts }: { facts: { icon: LucideIcon; text: ReactNode }[] }) {
  return (
    <ul className="flex flex-col gap-1.5 text-sm text-slate-700">
      {facts.map(({ icon: Icon, text }, i) => (
        <li key={i} className="flex items-start gap-2">
          <Icon aria-hidden className="mt-0.5 size-4 shrink-0 text-slate-500" />
          <span className="min-w-0">{text}</span>
        </li>
      ))}
    </ul>
  );
}
