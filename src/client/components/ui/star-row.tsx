import { cn } from '../../lib/cn';

/** How much of the row is gold, by whole stars. */
const FILLED_WIDTH = ['w-0', 'w-1/5', 'w-2/5', 'w-3/5', 'w-4/5', 'w-full'] as const;

/**
 * Five stars, the first `filled` of them gold, named for screen readers. One element the stylesheet draws
 * (`.star-row` in styles.css) rather than five icons: a directory page shows two dozen rows, and as SVG
 * icons they were a third of its HTML.
 */
export function StarRow({ filled, label, className }: { filled: number; label: string; className?: string }) {
  const whole = Math.max(0, Math.min(5, Math.floor(filled)));
  return (
    <span role="img" aria-label={label} className={cn('star-row', className)}>
      <span className={cn('star-row-filled', FILLED_WIDTH[whole])} />
    </span>
  );
}
