import { useRef } from 'react';
import { Label } from './label';
import { useValueSetBeforeStart } from '../../lib/use-value-set-before-start';

export interface FilterOption {
  value: string;
  label: string;
}

const selectClass =
  'h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus-visible:border-navy-500 focus-visible:outline-2 focus-visible:outline-navy-200 sm:text-sm';

/** A labelled native select: light, and accessible by keyboard and screen reader as it is. */
export function FilterSelect({
  id,
  name,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  /** The field's name in its form's submission: a filter's key in the address (a GET form). */
  name?: string;
  label: string;
  value: string;
  options: readonly FilterOption[];
  onChange: (value: string) => void;
}) {
  const select = useRef<HTMLSelectElement>(null);
  useValueSetBeforeStart(select, value, onChange);
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <select ref={select} id={id} name={name} value={value} onChange={(event) => onChange(event.target.value)} className={selectClass}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
