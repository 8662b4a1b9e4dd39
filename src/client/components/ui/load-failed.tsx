import { RefreshCw } from 'lucide-react';
import { Button } from './button';
import { FormAlert } from './form-alert';

/** A read that failed: say so plainly and offer to try again, rather than show an empty screen. */
export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div className="flex flex-col items-start gap-3">
      <FormAlert>We could not load {what}. Please check your connection and try again.</FormAlert>
      <Button type="button" variant="outline" size="sm" onClick={onRetry}>
        <RefreshCw aria-hidden /> Try again
      </Button>
    </div>
  );
}
