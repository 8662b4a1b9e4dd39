import type { LucideIcon } from 'lucide-react';
import { Input } from './input';
import { Label } from './label';
import { useDebouncedField } from '../../lib/use-debounced-field';

/** A labelled text filter that commits after the visitor pauses typing. */
export function FilterTextInput({
  id,
  label,
  value,
  placeholder,
  icon: Icon,
  hideLabel = false,
  resets,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  placeholder?: string;
  icon?: LucideIcon;
  hideLabel?: boolean;
  /** Changes when the screen's filters are cleared; drops text not yet committed. */
  resets?: number;
  onChange: (value: string) => void;
}) {
  const [text, setText] = useDebouncedField(value, onChange, resets);
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id} className={hideLabel ? 'sr-only' : undefined}>
        {label}
      </Label>
      <div className="relative">
        {Icon ? (
          <Icon aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" />
        ) : null}
        <Input
          id={id}
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
