import { Check } from 'lucide-react';

export function CheckList({ items }: { items: readonly string[] }) {
  return (
    <ul className="flex flex-col gap-2">
      {items.map((item) => (
        <li key={item} className="flex items-start gap-2">
          <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-green-700" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

export interface Step {
  title: string;
  text: string;
}

export function StepList({ steps }: { steps: readonly Step[] }) {
  return (
    <ol className="flex flex-col gap-3">
      {steps.map((step, index) => (
        <li key={step.title} className="flex items-start gap-3">
          <span aria-hidden className="flex size-6 shrink-0 items-center justify-center rounded-full bg-navy-700 text-xs font-bold text-white">
            {index + 1}
          </span>
          <span>
            <span className="block font-semibold text-slate-900">{step.title}</span>
            {step.text}
          </span>
        </li>
      ))}
    </ol>
  );
}
