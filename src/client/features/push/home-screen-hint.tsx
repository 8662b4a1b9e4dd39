import { useEffect, useState } from 'react';
import { Share, Smartphone, X } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { useInstallPrompt } from '../../lib/install-prompt';
import { browserFacts, homeScreenHint, type HomeScreenHint as Hint } from './push-support';

/** Set once the hint has been shown on this device: it is shown once. */
const SEEN_KEY = 'kb-home-screen-hint';

function seenBefore(): boolean {
  try {
    return localStorage.getItem(SEEN_KEY) !== null;
  } catch {
    return true;
  }
}

function markSeen() {
  try {
    localStorage.setItem(SEEN_KEY, 'shown');
  } catch {
    // Private mode without storage: the hint may show again, which is no harm.
  }
}

/**
 * How to add the app to the home screen (docs/PRODUCT.md#installable-app-and-push), once per device, on a
 * phone or tablet outside the installed app: after an owner's booking and on an expert's workspace.
 */
export function HomeScreenHint() {
  const install = useInstallPrompt();
  // Decided on the first render: the hint only appears in screens the browser renders itself (a booking's
  // confirmation, the workspace), never in a page the server rendered.
  const [hint, setHint] = useState<Hint>(() =>
    typeof window === 'undefined' ? null : homeScreenHint(browserFacts(), { seenBefore: seenBefore(), installPrompt: false }),
  );
  const [shownNow] = useState(hint !== null);
  useEffect(() => {
    if (shownNow) markSeen();
  }, [shownNow]);
  if (!hint) return null;
  const shown = hint === 'menu' && install ? 'install' : hint;
  const onInstall = () => void install?.().then((installed) => installed && setHint(null));

  return (
    <aside aria-label="Add K&B Marine to your home screen" className="relative mx-auto w-full max-w-2xl rounded-xl border border-navy-100 bg-navy-50 p-4 pr-12 text-sm text-navy-900">
      <Button variant="ghost" size="icon" className="absolute right-1 top-1" aria-label="Dismiss" onClick={() => setHint(null)}>
        <X aria-hidden />
      </Button>
      <p className="flex items-center gap-2 font-semibold">
        <Smartphone aria-hidden className="size-4 shrink-0" /> Keep K&amp;B Marine on your home screen
      </p>
      {shown === 'ios' ? (
        <>
          <p className="mt-1">
            Tap Share <Share aria-label="(the Share icon)" className="inline size-4 align-text-bottom" />, then &lsquo;Add to Home Screen&rsquo;.
          </p>
          <p className="mt-1">iOS delivers notifications only to an app added to the Home Screen.</p>
        </>
      ) : shown === 'install' ? (
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <p>Open it like an app, and turn on notifications in Settings.</p>
          <Button size="sm" onClick={onInstall}>
            Install
          </Button>
        </div>
      ) : (
        <p className="mt-1">In your browser&apos;s menu, choose &lsquo;Install app&rsquo; (or &lsquo;Add to Home screen&rsquo;), then turn on notifications in Settings.</p>
      )}
    </aside>
  );
}
