import { RotateCcw } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { useHydrated } from '../../lib/use-hydrated';

/**
 * How many experts match, announced politely to screen readers, and the screen's clear button while a
 * filter is set. The button stays in the layout when there is nothing to clear, hidden from sight, from the
 * keyboard and from screen readers: the count beside it does not move when it appears.
 */
export function ResultsBar({
  summary,
  clearLabel,
  filtered,
  onClear,
}: {
  summary: string | null;
  clearLabel: string;
  filtered: boolean;
  onClear: () => void;
}) {
  // Disabled until the app has started on a page the server rendered: visibly not ready, not dead.
  const hydrated = useHydrated();
  return (
    <div className="flex items-center justify-between gap-3">
      {/* Two lines kept for the count on a phone: 'Searching...' fits beside the button, a count such as
          '30 expert(s) available for onsite service' does not, and the results below jumped when it wrapped. */}
      <p role="status" aria-live="polite" className="flex min-h-12 min-w-0 flex-1 items-center font-medium text-slate-700 sm:min-h-0">
        {summary ?? 'Searching...'}
      </p>
      <Button
        variant="ghost"
        size="sm"
        onClick={onClear}
        disabled={!hydrated}
        // Hidden from sight, the keyboard and screen readers alike (visibility: hidden).
        className={filtered ? undefined : 'invisible'}
      >
        <RotateCcw aria-hidden /> {clearLabel}
      </Button>
    </div>
  );
}
