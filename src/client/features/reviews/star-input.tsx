import { useState } from 'react';
import { Star } from 'lucide-react';
import { cn } from '../../lib/cn';

const WORDS = ['Poor', 'Fair', 'Good', 'Very good', 'Excellent'];

/**
 * 1 to 5 stars as a radio group: arrow keys move between them, each has a label ('4 stars, Very good'),
 * and hovering previews the choice.
 */
export function StarInput({
  name,
  value,
  onChange,
  error,
}: {
  name: string;
  value: number | undefined;
  onChange: (rating: number) => void;
  error?: string;
}) {
  const [hovered, setHovered] = useState<number | null>(null);
  const lit = hovered ?? value ?? 0;
  return (
    <fieldset aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="text-sm font-medium text-slate-900">Your rating</legend>
      <div className="mt-1 flex items-center gap-3">
        <div className="flex" onMouseLeave={() => setHovered(null)}>
          {WORDS.map((word, i) => {
            const stars = i + 1;
            const id = `${name}-${stars}`;
            return (
              <label key={stars} htmlFor={id} onMouseEnter={() => setHovered(stars)} className="cursor-pointer p-1">
                <input
                  id={id}
                  type="radio"
                  name={name}
                  value={stars}
                  checked={value === stars}
                  onChange={() => onChange(stars)}
                  className="peer sr-only"
                />
                <span className="sr-only">
                  {stars} {stars === 1 ? 'star' : 'stars'}, {word}
                </span>
                <Star
                  aria-hidden
                  className={cn(
                    'size-8 rounded-sm transition-colors peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-navy-500',
                    stars <= lit ? 'fill-amber-400 text-amber-400' : 'fill-slate-100 text-slate-300',
                  )}
                />
              </label>
            );
          })}
        </div>
        <span aria-hidden className="text-sm font-medium text-slate-700">
          {lit ? WORDS[lit - 1] : ''}
        </span>
      </div>
      {error ? (
        <p id={`${name}-error`} role="alert" className="mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
