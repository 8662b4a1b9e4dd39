import type { ComponentProps, ReactNode } from 'react';

/** A native checkbox with its label beside it: large enough to tap at 390 px. */
export function Checkbox({ id, label, ...props }: { id: string; label: ReactNode } & ComponentProps<'input'>) {
  return (
    <div className="flex items-start gap-3">
      <input id={id} type="checkbox" className="mt-0.5 size-5 shrink-0 rounded border-slate-300 accent-navy-600" {...props} />
      <label htmlFor={id} className="text-sm leading-snug text-slate-800">
        {label}
      </label>
    </div>
  );
}
