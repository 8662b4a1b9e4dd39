import { lazy, Suspense, useEffect } from 'react';
import { markToasterMounted } from '../../lib/toast';
import { useHydrated } from '../../lib/use-hydrated';

// sonner is a tenth of the main bundle and no page needs it to paint: it loads beside the page's own code.
// Toasts shown before it mounts are not lost: its Toaster shows the active ones when it subscribes.
const Toaster = lazy(() => import('sonner').then(({ Toaster }) => ({ default: Toaster })));

/** One toast at a time, 5000 ms (docs/PRODUCT.md#requests-and-errors). */
export function AppToaster() {
  // Not in the server's HTML: its code loads in the browser, once the page is hydrated.
  if (!useHydrated()) return null;
  return (
    <Suspense fallback={null}>
      <ToasterMounted />
      <Toaster
        visibleToasts={1}
        duration={5000}
        closeButton
        position="top-center"
        // Below the sticky header (4rem), so a toast never hides the navigation or the account menu.
        offset={{ top: 76 }}
        mobileOffset={{ top: 72 }}
        toastOptions={{ classNames: { title: 'text-slate-900!', description: 'text-slate-700!' } }}
      />
    </Suspense>
  );
}

/** Mounts with the Toaster (the same boundary): tells lib/toast when toasts are on screen. */
function ToasterMounted() {
  useEffect(() => markToasterMounted(), []);
  return null;
}
