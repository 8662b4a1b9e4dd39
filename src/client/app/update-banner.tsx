import { RefreshCw } from 'lucide-react';
import { Button } from '../components/ui/button';
import { reloadToUpdate, useUpdateWaiting } from '../lib/service-worker';

/**
 * 'A new version of K&B Marine is available.' once a new release's service worker waits: the page keeps
 * its release until the person chooses to reload (docs/PRODUCT.md#installable-app-and-push).
 */
export function UpdateBanner() {
  const waiting = useUpdateWaiting();
  if (!waiting) return null;
  return (
    <section aria-label="App update" className="fixed inset-x-0 bottom-0 z-50 flex justify-center p-3 sm:p-4">
      <div className="flex w-full max-w-xl flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-navy-200 bg-white px-4 py-3 shadow-lg">
        <RefreshCw aria-hidden className="size-5 shrink-0 text-navy-600" />
        <p className="min-w-0 flex-1 text-sm text-slate-900">A new version of K&amp;B Marine is available.</p>
        <Button size="sm" onClick={reloadToUpdate}>
          Reload to update
        </Button>
      </div>
    </section>
  );
}
