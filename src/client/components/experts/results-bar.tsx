import { RotateCcw } from 'lucide-react';
import { Button } from '../ui/button';

/** How many experts match, announced politely to screen readers, and the screen's clear button. */
export function ResultsBar({
  summary,
  clearLabel,
  onClear,
}: {
  summary: string | null;
  clearLabel: string;
  onClear: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p role="status" aria-live="polite" className="font-medium text-slate-700">
        {summary ?? 'Searching...'}
      </p>
      <Button variant="ghost" size="sm" onClick={onClear}>
        <RotateCcw aria-hidden /> {clearLabel}
      </Button>
    </div>
  );
}
