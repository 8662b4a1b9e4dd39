import { useRef } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Input } from './input';
import { Label } from './label';
import { useDebouncedField } from '../../lib/use-debounced-field';
import { useValueSetBeforeStart } from '../../lib/use-value-set-before-start';

/** A labelled text filter that commits after the visitor pauses typing. */
export function FilterTextInput({
  id,
  label,
  value,
  placeholder,
  name,
  icon: Icon,
  submitLabel,
  hideLabel = false,
  resets,
  onChange,
}: {
  id: string;
  /** The field's name in its form's submission: a filter's key in the address (a GET form). */
  name?: string;
  label: string;
  value: string;
  placeholder?: string;
  icon?: LucideIcon;
  /** Makes the icon its form's submit button, so named. */
  submitLabel?: string;
  hideLabel?: boolean;
  /** Changes when the screen's filters are cleared; drops text not yet committed. */
  resets?: number;
  onChange: (value: string) => void;
}) {
  const [text, setText] = useDebouncedField(value, onChange, resets);
  const input = useRef<HTMLInputElement>(null);
  useValueSetBeforeStart(input, text, setText);
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id} className={hideLabel ? 'sr-only' : undefined}>
        {label}
      </Label>
      <div className="relative">
        {Icon && submitLabel ? (
          <button
            type="submit"
            aria-label={submitLabel}
            className="absolute top-1/2 left-1 flex size-8 -translate-y-1/2 items-center justify-center rounded-md text-slate-500 hover:text-navy-700 focus-visible:outline-2 focus-visible:outline-navy-500"
          >
            <Icon aria-hidden className="size-4" />
          </button>
        ) : Icon ? (
          <Icon aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" />
        ) : null}
        <Input
          ref={input}
          id={id}
          name={name}
          type="search"
          value={text}
          placeholder={placeholder}
          autoComplete="off"
          onChange={(event) => setText(event.target.value)}
          className={Icon ? 'pl-9' : undefined}
        />
      </div>
    </div>
  );
}
