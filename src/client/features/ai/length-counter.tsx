import { cn } from '../../lib/cn';

/** The counter appears from this share of the limit on, so it does not distract from short questions. */
const SHOW_FROM = 0.9;
const count = new Intl.NumberFormat('en-US');

/**
 * Characters used against the limit, near the limit, and over it what happens: the text is kept as
 * written and cannot be sent until it is shortened (nothing is cut off silently).
 */
export function LengthCounter({ id, length, limit, what }: { id: string; length: number; limit: number; what: string }) {
  const over = length - limit;
  const shown = length >= limit * SHOW_FROM;
  return (
    <p id={id} className={cn('text-xs tabular-nums', over > 0 ? 'font-medium text-red-700' : 'text-slate-600')}>
      {shown ? (
        <span>
          {count.format(length)} / {count.format(limit)}
          <span className="sr-only"> characters</span>
          {over > 0 ? ` (${count.format(over)} too many).` : null}
        </span>
      ) : null}
      {/* The same words for as long as the text is too long: announced once, not at every keystroke. */}
      <span aria-live="polite">{over > 0 ? ` ${what} can be at most ${count.format(limit)} characters: shorten it to send.` : ''}</span>
    </p>
  );
}
